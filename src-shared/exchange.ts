/**
 * The Exchange record: one gateway call as the console recorded it. Produced by the gateway SDK in main
 * with every secret already masked (architecture rule 5), then pushed to the renderer, stored and exported.
 * Shared by main and the renderer, so this file is pure zod and types.
 */
import { z } from 'zod';
import { textPiecesSchema } from './console-text';

/** What happened, from the merchant's point of view. */
export const exchangeClassificationSchema = z.enum([
  /** HTTP 200 and returnStatus.statusCode `000` (the request was processed; not necessarily paid). */
  'ok',
  /** HTTP 200 but returnStatus.statusCode is not `000`. */
  'gateway-error',
  /** HTTP status other than 200 (400/401/403/404/405/409/429/5xx…); `suggestedAction` says what to do. */
  'http-error',
  /** returnStatus.statusCode `999`: the gateway asks to try again. */
  'retry-advised',
  /** No answer within the configured time (a read call that timed out). */
  'timeout',
  /** Connection refused, reset or DNS failure before an answer arrived. */
  'network',
  /** An answer came but is not JSON or has no usable returnStatus. */
  'invalid-response',
  /** A money-moving call was sent but no answer came: check the transaction before trying again. */
  'outcome-unknown',
]);
export type ExchangeClassification = z.infer<typeof exchangeClassificationSchema>;

export const gatewayOperationSchema = z.enum([
  'createOrder',
  'generateReference',
  'mbwayPurchase',
  'getStatus',
  'performAction',
]);
export type GatewayOperation = z.infer<typeof gatewayOperationSchema>;

/** A difference between what the gateway answered and what the spec describes (not a failure). */
export const conformanceNoteSchema = z.object({
  /** Dotted path in the response body, `(body)` for the whole body, `header:<name>` for a header. */
  path: z.string(),
  message: z.string(),
});
export type ConformanceNote = z.infer<typeof conformanceNoteSchema>;

const headersSchema = z.record(z.string(), z.string());

export const exchangeSchema = z.object({
  /** Unique id of this record (UUID). */
  id: z.string(),
  /** The profile the call was made with, when it came from a saved profile. */
  profileId: z.string().nullable(),
  operation: gatewayOperationSchema,
  /** HTTP method. */
  method: z.string(),
  url: z.string(),
  request: z.object({
    /** Headers as sent, with Authorization and the client-id header masked to `••••last4`. */
    headers: headersSchema,
    /** Body text as sent (redacted), or null for a GET. */
    body: z.string().nullable(),
  }),
  /** Null when no answer came; present with what arrived when the answer stopped after its headers. */
  response: z
    .object({
      status: z.number().int(),
      headers: headersSchema,
      /** Raw body text as received (kept even when it is not JSON), secrets masked. */
      bodyText: z.string(),
      /**
       * True when bodyText is not the whole answer: it was larger than the answer cap, or the answer
       * stopped (deadline, reset) before its end. Absent on records made before this flag existed.
       */
      bodyTruncated: z.boolean().optional(),
    })
    .nullable(),
  timings: z.object({
    startedAt: z.string(),
    /** Wall time of the whole call, retries and waits included. */
    durationMs: z.number().nonnegative(),
    /** How many HTTP attempts were made (more than 1 only for status queries that were retried). */
    attempts: z.number().int().positive(),
  }),
  /**
   * The gateway's clock minus this machine's when the answer arrived (ms, whole seconds), read from the
   * answer's `Date` header; 0 when within a few seconds (ordinary drift). Expiries and times in answers are
   * in gateway time: countdowns run on this offset. A simulator world whose clock was moved reads e.g.
   * +3,600,000. Absent when the answer stated no usable time (or none came) and on older records.
   */
  gatewayClockOffsetMs: z.number().int().optional(),
  size: z.object({ requestBytes: z.number().int().nonnegative(), responseBytes: z.number().int().nonnegative() }),
  classification: exchangeClassificationSchema,
  /** One line saying what happened, e.g. "HTTP 401 Unauthorized" or "Connection refused". */
  summary: z.string(),
  /** What the user should do next (from the spec's error table when it names one), or null. */
  suggestedAction: z.string().nullable(),
  /**
   * `summary` and `suggestedAction` by text id, so the renderer words them in the user's language.
   * Absent on records made before it existed (their stored English is shown).
   */
  said: z.object({ summary: textPiecesSchema, suggestedAction: textPiecesSchema.nullable() }).optional(),
  returnStatus: z
    .object({ statusCode: z.string(), statusMsg: z.string().optional(), statusDescription: z.string().optional() })
    .nullable(),
  paymentStatus: z.string().nullable(),
  conformanceNotes: z.array(conformanceNoteSchema),
  transactionID: z.string().nullable(),
  merchantTransactionId: z.string().nullable(),
  /**
   * QA overrides main accepted for this call (Sandbox/test profiles only): `final-payment` sent a
   * money-moving follow-up on a payment main knew final; `duplicate-merchant-transaction-id` created an
   * order with a merchantTransactionId already used on the profile. Absent when none.
   */
  overrides: z.array(z.enum(['final-payment', 'duplicate-merchant-transaction-id'])).optional(),
  /** Made by a scenario run (History marks and filters such rows). */
  qaRun: z.object({ runId: z.string(), scenario: z.string() }).optional(),
  /**
   * Made by the shop under test on its world, not by the console (issue 29): History and the Inspector mark
   * it "from the shop". Derived from main's record of the shop's traffic; absent on the console's own calls.
   */
  from: z.literal('shop').optional(),
  /**
   * For a shop's call: the world (or recording-proxy session) that saw it, and `proxy` when it went through
   * the recording proxy to a test environment rather than to a world. A reset of that world forgets it.
   */
  shopSource: z.object({ worldId: z.string(), via: z.enum(['world', 'proxy']) }).optional(),
});
export type ExchangeOverride = NonNullable<Exchange['overrides']>[number];
export type Exchange = z.infer<typeof exchangeSchema>;
