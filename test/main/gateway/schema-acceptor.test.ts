/**
 * The compiled acceptor lets conforming answers skip the zod parse. It may send a good answer on to zod,
 * but it must never wave through an answer zod would turn into conformance notes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  referenceGenerateResponseSchema,
  statusResponseSchema,
} from '@shared/gateway/response-schemas';
import { compileAcceptor } from '../../../src-main/gateway/schema-acceptor';

const SCHEMAS = {
  status: statusResponseSchema,
  create: createOrderResponseSchema,
  reference: referenceGenerateResponseSchema,
  mbway: mbwayPurchaseResponseSchema,
};

const statusAnswer = {
  returnStatus: { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' },
  merchant: { terminalId: '1000001', merchantTransactionId: 'm-1' },
  transactionID: 's2abc',
  amount: { currency: 'EUR', value: '12.50' },
  paymentStatus: 'Pending',
  execution: { startTime: '2026-11-22T00:12:09.288Z' },
  paymentMethodList: ['MBWAY'],
  regulationList: [{ type: 'terms' }],
  actionResponse: { params: [{ name: 'a', value: 'b' }], data: { url: 'https://x' } },
  paymentReference: { reference: 123, entity: '12345' },
};

/** A valid answer with one field, at any depth, replaced by an arbitrary JSON value (or removed). */
const mutated = fc
  .tuple(
    fc.array(fc.constantFrom(...collectPaths(statusAnswer)), { minLength: 1, maxLength: 3 }),
    fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constantFrom('12.5', ' 7 ', 'x1', 12, -3.5)), {
      minLength: 3,
      maxLength: 3,
    }),
  )
  .map(([paths, values]) => {
    const copy = structuredClone(statusAnswer) as Record<string, unknown>;
    paths.forEach((path, index) => setPath(copy, path, values[index]));
    return copy;
  });

function collectPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  return [
    prefix,
    ...Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => collectPaths(item, [...prefix, key])),
  ].filter((path) => path.length > 0);
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: unknown = target;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[key];
  }
  if (node !== null && typeof node === 'object') (node as Record<string, unknown>)[path.at(-1)!] = value;
}

describe('compiled acceptor', () => {
  it('compiles every response schema the SDK checks (so the fast path is really taken)', () => {
    for (const schema of Object.values(SCHEMAS)) expect(compileAcceptor(schema)).not.toBeNull();
    expect(compileAcceptor(statusResponseSchema)!(statusAnswer)).toBe(true);
  });

  it.each(Object.entries(SCHEMAS))('never accepts what zod rejects (%s response)', (_name, schema) => {
    const accepts = compileAcceptor(schema)!;
    fc.assert(
      fc.property(fc.oneof(mutated, fc.jsonValue()), (answer) => {
        if (accepts(answer)) expect(schema.safeParse(answer).success).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('turns down the rejections zod words as notes: wrong types, bad amounts, missing returnStatus', () => {
    const accepts = compileAcceptor(statusResponseSchema)!;
    expect(accepts({ ...statusAnswer, amount: { currency: 'EUR', value: '12,50' } })).toBe(false);
    expect(accepts({ ...statusAnswer, transactionID: 42 })).toBe(false);
    expect(accepts({ ...statusAnswer, returnStatus: undefined })).toBe(false);
    expect(accepts([statusAnswer])).toBe(false);
  });

  it('declines to compile what it does not understand, leaving those schemas to zod', () => {
    expect(compileAcceptor(z.object({ id: z.string().email() }))).toBeNull();
    expect(compileAcceptor(z.object({ n: z.number().int() }))).toBeNull();
    expect(compileAcceptor(z.strictObject({ a: z.string() }))).toBeNull();
  });
});
