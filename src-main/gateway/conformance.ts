import type { z } from 'zod';
import type { ConformanceNote, GatewayOperation } from '@shared/exchange';
import { isPaymentStatus, LIMITS } from '@shared/gateway/codes';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  referenceGenerateResponseSchema,
  statusResponseSchema,
} from '@shared/gateway/response-schemas';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCHEMAS: Partial<Record<GatewayOperation, z.ZodType>> = {
  createOrder: createOrderResponseSchema,
  getStatus: statusResponseSchema,
  generateReference: referenceGenerateResponseSchema,
  mbwayPurchase: mbwayPurchaseResponseSchema,
};

/** Hoisted: a regex literal in the function body is a new RegExp object on every answer. */
const JSON_CONTENT_TYPE = /\bjson\b/i;

/** The simulator's header explaining why it accepted a call the spec's letter would not (see simulator/auth.ts). */
const SIMULATOR_NOTE_HEADER = 'x-simulator-conformance';

const NO_NOTES: readonly ConformanceNote[] = Object.freeze([]);

const hasHeader = (headers: Readonly<Record<string, string>>, lowerName: string): boolean => {
  for (const name in headers) if (name.toLowerCase() === lowerName) return true;
  return false;
};

/**
 * Notes on the request itself. The spec says every call sends Content-Type with the JSON media type; the
 * gateway (and the simulator) accept a bodiless GET without it, which integrators should still learn.
 */
export function checkRequestConformance(
  request: { method: string; headers: Readonly<Record<string, string>> },
  answerHeaders: Readonly<Record<string, string>>,
): readonly ConformanceNote[] {
  // The usual call (the SDK's own headers, no simulator note) allocates nothing here.
  const simulatorNote = answerHeaders[SIMULATOR_NOTE_HEADER];
  if (request.headers['Content-Type'] !== undefined && simulatorNote === undefined) return NO_NOTES;
  const notes: ConformanceNote[] = [];
  if (request.headers['Content-Type'] === undefined && !hasHeader(request.headers, 'content-type'))
    notes.push({
      path: 'header:content-type',
      message:
        request.method === 'GET'
          ? 'The request has no Content-Type. The gateway accepts a GET without a body so, but the spec says every call sends Content-Type: application/json.'
          : 'The request has no Content-Type; the spec says every call sends Content-Type: application/json.',
    });
  if (simulatorNote !== undefined && notes.length === 0)
    notes.push({ path: 'header:content-type', message: simulatorNote });
  return notes;
}

/** Fields the spec marks mandatory in a successful create response, per variant. */
const CREATE_MANDATORY = ['transactionID', 'transactionSignature', 'paymentMethodList', 'expiry', 'execution'];

/**
 * Compares an answer with the spec. The gateway's real answers deviate (docs/gateway-behaviour.md), so this
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
  const schema = SCHEMAS[operation];
  if (!schema || !isObject(body)) {
    if (schema) notes.push({ path: '(body)', message: 'The body is not a JSON object.' });
    return notes;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
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
