import type { z } from 'zod';
import type { ConformanceNote, GatewayOperation } from '@shared/exchange';
import { isPaymentStatus, LIMITS } from '@shared/gateway/codes';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  referenceGenerateResponseSchema,
  statusResponseSchema,
} from '@shared/gateway/response-schemas';
import { compileAcceptor, type Acceptor } from './schema-acceptor';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const withAcceptor = (schema: z.ZodType) => ({ schema, accepts: compileAcceptor(schema) });
const SCHEMAS: Partial<Record<GatewayOperation, { schema: z.ZodType; accepts: Acceptor | null }>> = {
  createOrder: withAcceptor(createOrderResponseSchema),
  getStatus: withAcceptor(statusResponseSchema),
  generateReference: withAcceptor(referenceGenerateResponseSchema),
  mbwayPurchase: withAcceptor(mbwayPurchaseResponseSchema),
};

/** Hoisted: a regex literal in the function body is a new RegExp object on every answer. */
const JSON_CONTENT_TYPE = /\bjson\b/i;

/** Fields the spec marks mandatory in a successful create response, per variant. */
const CREATE_MANDATORY = ['transactionID', 'transactionSignature', 'paymentMethodList', 'expiry', 'execution'];

/**
 * Compares an answer with the spec. The gateway's real answers deviate (gateway-behaviour.md), so this
 * never fails a call: each deviation becomes a note on the Exchange for the user to judge.
 */
export function checkConformance(
  operation: GatewayOperation,
  variant: 'A' | 'B',
  status: number,
  body: unknown,
  contentType: string | undefined,
): ConformanceNote[] {
  const notes: ConformanceNote[] = [];
  if (contentType !== undefined && !JSON_CONTENT_TYPE.test(contentType))
    notes.push({ path: 'header:content-type', message: `Content-Type is "${contentType}", expected JSON.` });
  const checked = SCHEMAS[operation];
  if (!checked || !isObject(body)) {
    if (checked) notes.push({ path: '(body)', message: 'The body is not a JSON object.' });
    return notes;
  }
  // The compiled check clears the usual conforming answer without zod's allocations; zod still words the
  // deviations of the rest.
  const parsed = checked.accepts?.(body) ? null : checked.schema.safeParse(body);
  if (parsed && !parsed.success)
    for (const issue of parsed.error.issues)
      notes.push({ path: issue.path.map(String).join('.') || '(body)', message: issue.message });

  const returnStatus = isObject(body.returnStatus) ? body.returnStatus : undefined;
  if (returnStatus && typeof returnStatus.statusCode === 'number')
    notes.push({ path: 'returnStatus.statusCode', message: 'statusCode is a number; the spec sends a string.' });
  if (typeof body.paymentStatus === 'string' && !isPaymentStatus(body.paymentStatus))
    notes.push({ path: 'paymentStatus', message: `Unknown paymentStatus "${body.paymentStatus}".` });
  if (typeof body.transactionID === 'string' && body.transactionID.length > LIMITS.transactionIdResponse)
    notes.push({ path: 'transactionID', message: `transactionID is longer than ${LIMITS.transactionIdResponse}.` });

  const succeeded = status === 200 && returnStatus?.statusCode === '000';
  if (operation === 'createOrder' && succeeded) {
    const mandatory = [...CREATE_MANDATORY, ...(variant === 'A' ? ['formContext'] : ['regulationList'])];
    for (const field of mandatory)
      if (body[field] === undefined)
        notes.push({ path: field, message: `Missing; the spec lists it for a successful Variant ${variant} create.` });
    const amount = isObject(body.amount) ? body.amount : undefined;
    if (typeof amount?.value === 'string')
      notes.push({ path: 'amount.value', message: 'amount.value is a string; the create response spec says number.' });
  }
  if (operation === 'getStatus' && succeeded) {
    const amount = isObject(body.amount) ? body.amount : undefined;
    if (typeof amount?.value === 'number')
      notes.push({
        path: 'amount.value',
        message: 'amount.value is a number; the status spec says a decimal string with two decimals.',
      });
  }
  return notes;
}
