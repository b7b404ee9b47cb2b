/**
 * The shapes stored in the history database, as zod schemas: every row read back is parsed with these
 * (architecture rule 6) because IndexedDB content can be old, imported, or edited by hand in DevTools.
 * Rows that fail are quarantined (see quarantine.ts), never dropped.
 *
 * Index-friendliness: IndexedDB cannot index `null` or booleans, so the fields used in compound indexes
 * (`profileId`, `environment`, `statusKey`, `createdAt`, `key`) are always strings / numbers, and the
 * sparse lookup fields (`transactionId`, `merchantTransactionId`, `reference`) are `null` when unknown,
 * which simply leaves the row out of that index.
 */
import { z } from 'zod';
import { exchangeSchema } from '@shared/exchange';

/** Where a history row came from. */
export const transactionSourceSchema = z.enum(['created', 'looked-up', 'imported']);
export type TransactionSource = z.infer<typeof transactionSourceSchema>;

/**
 * `statusKey` for a row whose create call's outcome is unknown (timeout, network failure mid-call), and for
 * a row whose payment status has not been seen yet (e.g. create answered an error): the shared derivation's.
 */
export { OUTCOME_UNKNOWN, STATUS_NOT_SEEN } from '@shared/transaction-state';

export const returnStatusSchema = z.object({
  statusCode: z.string(),
  statusMsg: z.string().optional(),
  statusDescription: z.string().optional(),
});
export type StoredReturnStatus = z.infer<typeof returnStatusSchema>;

/**
 * Why a payment did not succeed: the returnStatus (other than `000`) that came with a non-success status,
 * from an answer or a notification — a status query answers `000` even for a declined payment, so this
 * is kept apart from `returnStatus`. `paymentStatus` says which status it explains.
 */
export const declineReasonRecordSchema = z.object({
  statusCode: z.string().min(1),
  statusMsg: z.string().optional(),
  paymentStatus: z.string().min(1),
});
export type StoredDeclineReason = z.infer<typeof declineReasonRecordSchema>;

const statusReportRecordSchema = z.object({
  status: z.string(),
  statusCode: z.string().nullable(),
  source: z.enum(['answer', 'notification']),
  gatewayAt: z.number().finite().nullable(),
  observedAt: z.number().finite(),
  id: z.string(),
});

export const transactionRecordSchema = z.object({
  /** Primary key: the gateway's transactionID, or `attempt:<exchangeId>` when the outcome is unknown. */
  key: z.string().min(1),
  transactionId: z.string().min(1).nullable(),
  merchantTransactionId: z.string().min(1).nullable(),
  profileId: z.string().min(1),
  profileName: z.string(),
  environment: z.string().min(1),
  variant: z.enum(['A', 'B']).nullable(),
  amount: z.number().finite().nullable(),
  currency: z.string().nullable(),
  methods: z.array(z.string()),
  /**
   * The method the payment was made with, as the gateway's latest answer naming one said (`paymentMethod`
   * of a status answer); `methods` are those offered. Null or absent when no answer named one yet.
   */
  paymentMethod: z.string().nullable().optional(),
  /** The customer's e-mail and phone from the order this console sent, for search; masked when `customerMasked`. */
  customerEmail: z.string().nullable().optional(),
  customerPhone: z.string().nullable().optional(),
  /** True when the profile guards customer data: the two fields above hold only the masked form. */
  customerMasked: z.boolean().optional(),
  /** The gateway's paymentStatus as last seen (PascalCase), `null` when never seen. */
  paymentStatus: z.string().nullable(),
  /** Indexed status: paymentStatus, or OUTCOME_UNKNOWN / STATUS_NOT_SEEN. */
  statusKey: z.string().min(1),
  returnStatus: returnStatusSchema.nullable(),
  expiry: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  /** Multibanco reference, digits only (spaces removed) so exact and prefix search work on what users paste. */
  reference: z.string().min(1).nullable(),
  referenceEntity: z.string().nullable(),
  /** Shopper phone, already masked (never the full number). */
  maskedPhone: z.string().nullable(),
  source: transactionSourceSchema,
  /** Absent on rows written before it existed. */
  declineReason: declineReasonRecordSchema.nullable().optional(),
  /**
   * The report that decided `paymentStatus` (transaction-state.ts), so that each new answer or notification
   * is weighed against it by gateway time. Absent on rows written before it existed and while none came.
   */
  statusReport: statusReportRecordSchema.optional(),
  /** The best report among answers alone: what the status query says, for reconciliation with notifications. */
  answerReport: statusReportRecordSchema.optional(),
  /** The scenario run whose call created the row (absent: made by hand, looked up or imported). */
  qaRun: z.object({ runId: z.string(), scenario: z.string() }).optional(),
  /** Made by the shop under test on its world, not by this console (issue 29): History marks it. */
  fromShop: z.literal(true).optional(),
  /** …through the recording proxy, to a test environment (History marks it so). */
  viaProxy: z.literal(true).optional(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/** A body kept apart from the exchange list rows; truncated above BODY_LIMIT_CHARS (flagged). */
export const BODY_LIMIT_CHARS = 256 * 1024;

export const storedBodySchema = z.object({
  text: z.string(),
  truncated: z.boolean(),
  /** Length before truncation, in characters. */
  originalLength: z.number().int().nonnegative(),
});
export type StoredBody = z.infer<typeof storedBodySchema>;

export const exchangeBodyRecordSchema = z.object({
  exchangeId: z.string().min(1),
  request: storedBodySchema.nullable(),
  response: storedBodySchema.nullable(),
});
export type ExchangeBodyRecord = z.infer<typeof exchangeBodyRecordSchema>;

/**
 * One redacted Exchange (`@shared/exchange`) as a list row: everything but the two bodies, which live in
 * `exchangeBodies` so that listing a transaction's timeline never loads megabytes of JSON.
 */
export const exchangeRecordSchema = exchangeSchema.omit({ request: true, response: true }).extend({
  /** The transactions row this exchange belongs to, `null` when none could be attributed. */
  transactionKey: z.string().min(1).nullable(),
  /** `timings.startedAt` as epoch ms (indexed). */
  startedAtMs: z.number().int().nonnegative(),
  request: z.object({ headers: exchangeSchema.shape.request.shape.headers }),
  response: z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()) }).nullable(),
  /** Body lengths in characters before truncation (0 when absent), shown without loading the bodies. */
  requestBodyLength: z.number().int().nonnegative(),
  responseBodyLength: z.number().int().nonnegative(),
  bodiesTruncated: z.boolean(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;

/** A merchant notification as stored for the timeline (the notifications area may add fields). */
export const notificationRecordSchema = z
  .object({
    id: z.string().min(1),
    transactionId: z.string().nullable(),
    receivedAt: z.number().int().nonnegative(),
    paymentStatus: z.string().nullable(),
    /** Decrypted, redacted payload. */
    payload: z.unknown(),
  })
  .loose();
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

/** A saved order draft (used by the order builder). */
export const templateRecordSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    updatedAt: z.number().int().nonnegative(),
    draft: z.unknown(),
  })
  .loose();
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

export const quarantineRecordSchema = z.object({
  id: z.number().int().optional(),
  table: z.string(),
  /** The primary key the row had in its table, when readable. */
  originalKey: z.unknown(),
  /** What was wrong, one line per problem. */
  problems: z.array(z.string()),
  record: z.unknown(),
  quarantinedAt: z.number().int(),
});
export type QuarantineRecord = z.infer<typeof quarantineRecordSchema>;

/** A support agent's note on a transaction (schema version 2): free text and a ticket reference. */
export const caseNoteRecordSchema = z.object({
  transactionKey: z.string().min(1),
  note: z.string().max(20_000),
  /** The help-desk ticket it belongs to, e.g. `ZD-4411`; empty when none. */
  ticket: z.string().max(100),
  updatedAt: z.number().int().nonnegative(),
  /**
   * `main` when this row is only the search index of the entries main keeps (note = every entry's text
   * and ticket); absent on a note from the old one-field editor, which is migrated to main on first read.
   */
  source: z.literal('main').optional(),
});
export type CaseNoteRecord = z.infer<typeof caseNoteRecordSchema>;
