import { z } from 'zod';
import type { ParsedNotification } from '../notification';
import { ackFailureCodes, type AckVerdict } from '../notification-ack';
import { notificationCryptoErrorCodes } from '../notification-crypto-errors';
import { event, method } from './define';

const nullableText = z.string().nullable();

/** The lenient parser's output (`@shared/notification`), as it crosses the contract. */
export const parsedNotificationSchema: z.ZodType<ParsedNotification> = z.object({
  notificationId: z.string(),
  transactionId: nullableText,
  merchantOrderId: nullableText,
  terminalId: nullableText,
  merchantName: nullableText,
  inApp: z.boolean().nullable(),
  paymentStatus: nullableText,
  paymentMethod: nullableText,
  paymentType: nullableText,
  returnStatus: z.object({ statusCode: nullableText, statusMsg: nullableText }).nullable(),
  transactionDateTime: nullableText,
  transactionDateTimeUtc: nullableText,
  amount: z.object({ value: nullableText, currency: nullableText }).nullable(),
  token: z.object({ tokenType: nullableText, value: nullableText }).nullable(),
  paymentReference: z.record(z.string(), z.unknown()).nullable(),
  internalTransactionId: nullableText,
  unknownFields: z.record(z.string(), z.unknown()),
  notes: z.array(z.string()),
});

/** Why the receiver refused a delivery (crypto codes plus the receiver's own). */
export const deliveryProblemCodeSchema = z.enum([
  ...notificationCryptoErrorCodes,
  'wrong-path',
  'wrong-method',
  'body-too-large',
  'no-webhook-secrets',
  'terminal-mismatch',
  'not-a-notification',
]);
export type DeliveryProblemCode = z.infer<typeof deliveryProblemCodeSchema>;

/**
 * One delivery to the receiver, good or bad, exactly as journaled before it was answered. Holds no
 * secret: the body is ciphertext and credential-like headers are masked; nothing else is dropped.
 */
export const deliveryRecordSchema = z.object({
  /** Position in the journal: the cursor for `notifications.list`. */
  seq: z.number().int().positive(),
  id: z.string(),
  receivedAt: z.string(),
  remoteAddress: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The raw body: UTF-8 text, or base64 when it was not valid UTF-8 (`bodyEncoding`). */
  body: z.string(),
  bodyEncoding: z.enum(['utf8', 'base64']),
  bodyTruncated: z.boolean(),
  /**
   * SHA-256 (hex) of the whole body as received, when `body` keeps less than all of it: a refused delivery
   * keeps only a short prefix (anyone local can post garbage), and a body whose plaintext held card data
   * is not kept at all (`bodyWithheld`). Absent on records made before this field existed.
   */
  bodySha256: z.string().optional(),
  /**
   * `card-data`: the decrypted plaintext held card data, so the encrypted body — readable again with the
   * webhook secret — was not kept; the redacted plaintext is.
   */
  bodyWithheld: z.enum(['card-data']).optional(),
  /** accepted = acknowledged (HTTP 200); an authentic one that could not be parsed is accepted with a `problem`. */
  verdict: z.enum(['accepted', 'rejected']),
  /** The HTTP status the receiver answered (200 only for accepted deliveries). */
  httpStatus: z.number().int(),
  problem: z.object({ code: deliveryProblemCodeSchema, message: z.string() }).nullable(),
  /** The profile whose webhook secret decrypted it. */
  profileId: z.string().nullable(),
  plaintext: z.string().nullable(),
  notification: parsedNotificationSchema.nullable(),
  /** An earlier accepted delivery carried the same notificationID (a gateway retry). */
  duplicate: z.boolean(),
  duplicateOfSeq: z.number().int().positive().nullable(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const receiverStatusSchema = z.object({
  listening: z.boolean(),
  /** Where to point the gateway (or the simulator's webhook), e.g. http://127.0.0.1:43210/notifications. */
  url: z.string().nullable(),
  host: z.string(),
  port: z.number().int().nullable(),
  path: z.string(),
  boundAddress: z.string().nullable(),
  /** True when other machines can reach the receiver. */
  beyondLoopback: z.boolean(),
  /** Plain-language warning shown while `beyondLoopback`, or when the journal could not be written. */
  warning: z.string().nullable(),
  deliveries: z.number().int().nonnegative(),
  /** Lines of the journal that could not be read (kept in the file, never rewritten). */
  unreadableJournalLines: z.number().int().nonnegative(),
  /** Refused deliveries answered 429 and not journaled, because one source sent too many of them. */
  suppressedDeliveries: z.number().int().nonnegative().optional(),
});
export type ReceiverStatus = z.infer<typeof receiverStatusSchema>;

const profileIdSchema = z.string().min(1).max(100);
const base64Text = z.string().max(1_000_000);

/** A webhook secret chosen in the renderer: a profile's (resolved in main, never returned) or one typed in. */
export const secretChoiceSchema = z.union([
  z.object({ profileId: profileIdSchema }).strict(),
  z.object({ typed: z.string().min(1).max(200) }).strict(),
]);
export type SecretChoice = z.infer<typeof secretChoiceSchema>;

export const decryptResultSchema = z.object({
  plaintext: z.string(),
  json: z.unknown(),
  /** Null when the plaintext is JSON but not a usable notification; `parseProblem` says why. */
  notification: parsedNotificationSchema.nullable(),
  parseProblem: z.string().nullable(),
});
export type DecryptResult = z.infer<typeof decryptResultSchema>;

export const ackVerdictSchema: z.ZodType<AckVerdict> = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    statusCode: z.union([z.literal('200'), z.literal('000'), z.literal(200)]),
    reason: z.string(),
  }),
  z.object({ ok: z.literal(false), code: z.enum(ackFailureCodes), reason: z.string() }),
]);

/** At most this many copies of each notification in `duplicates` mode. */
export const MAX_REPLAY_COPIES = 5;
/** At most this many POSTs in one replay, copies included. */
export const MAX_REPLAY_SENDS = 50;

export const replayModeSchema = z.enum(['once', 'duplicates', 'reverse']);
export type ReplayMode = z.infer<typeof replayModeSchema>;

export const replaySendSchema = z.object({
  /** 1-based order in which it was sent. */
  order: z.number().int().positive(),
  notificationId: z.string(),
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  /** The receiver's answer, truncated to 2000 characters. */
  responseBody: z.string(),
  verdict: ackVerdictSchema,
});
export type ReplaySend = z.infer<typeof replaySendSchema>;

export const notificationsMethods = {
  'notifications.list': method(
    'Journaled deliveries after a cursor (seq), oldest first, one page at a time.',
    z
      .object({
        after: z.number().int().nonnegative().default(0),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict()
      .default({ after: 0, limit: 100 }),
    z.object({
      records: z.array(deliveryRecordSchema),
      /** Pass as `after` to get the next page; equals `after` when there was nothing new. */
      nextCursor: z.number().int().nonnegative(),
      hasMore: z.boolean(),
    }),
  ),
  'notifications.receiverStatus': method(
    'Where the notification receiver listens, and any warning about it.',
    z.undefined().or(z.object({}).strict()),
    receiverStatusSchema,
  ),
  'notifications.decrypt': method(
    'Paste-to-decrypt: decrypt and parse a notification with a profile’s webhook secret or a typed one.',
    z.object({ secret: secretChoiceSchema, iv: base64Text, tag: base64Text, body: base64Text }).strict(),
    decryptResultSchema,
  ),
  'notifications.replay': method(
    'Re-deliver notifications the receiver really received (journal references), byte for byte, to the webhook URL of the profile whose secret authenticated them. Refused for lookup-only profiles; production needs the profile name typed.',
    z
      .object({
        /** References to accepted deliveries in the journal; a payload cannot be given (replay never forges). */
        notifications: z
          .array(z.object({ journalSeq: z.number().int().positive() }).strict())
          .min(1)
          .max(MAX_REPLAY_SENDS),
        /** once: each in the given order; duplicates: each `copies` times in a row; reverse: each once, last first. */
        mode: replayModeSchema.default('once'),
        copies: z.number().int().min(2).max(MAX_REPLAY_COPIES).default(2),
        /** Needed when the notifications belong to a production profile: that profile's name, typed by the user. */
        confirmation: z
          .object({ profileName: z.string().min(1).max(200) })
          .strict()
          .optional(),
      })
      .strict(),
    z.object({
      sends: z.array(replaySendSchema),
      allAcknowledged: z.boolean(),
      /** The profile the notifications belong to, and its webhook URL they were re-delivered to. */
      profileId: z.string(),
      url: z.string(),
    }),
  ),
};

export const notificationsEvents = {
  'notifications.received': event(
    'The receiver journaled a delivery (accepted or rejected) and answered it.',
    deliveryRecordSchema,
  ),
};
