/**
 * Shop traffic (issue 29): what a merchant's own integration did, as a world of the simulator (or the
 * recording proxy) saw it — every gateway call the shop made with the answer it got, and every
 * notification sent to the shop's webhook with the shop's acknowledgement. Captured where the traffic
 * passes (the world, the proxy), masked at capture (no bearer token, client id, signature or webhook
 * secret is ever kept; card data as first 6 + last 4), then judged by the findings and the certification
 * report and shown by the Traffic view. Pure zod and types: shared by the simulator, main, the renderer
 * and the `certify` CLI.
 */
import { z } from 'zod';

const headersSchema = z.record(z.string(), z.string());

/** One gateway call the shop made, and what it was answered (or that no answer was sent). */
export const shopCallSchema = z.object({
  kind: z.literal('call'),
  /** Position in the world's (or proxy session's) traffic: strictly increasing, never reused. */
  seq: z.number().int().positive(),
  /** The world it was made on (`default` for the plain Sandbox base URL), or the proxy session id. */
  worldId: z.string(),
  /** `world` when a simulator world answered, `proxy` when the recording proxy forwarded it. */
  via: z.enum(['world', 'proxy']),
  /** When the request arrived (ISO, real time) and the world's own time then (ISO). */
  receivedAt: z.string(),
  worldTime: z.string(),
  method: z.string(),
  /** The path below the world's base URL, e.g. `/api/v2/payments/s2…/status` (query kept). */
  path: z.string(),
  /**
   * The endpoint it addressed, when the path is one of the interface's: `createOrder`, `generateReference`,
   * `mbwayPurchase`, `getStatus`, `performAction`; null for anything else (a wrong path is a finding too).
   */
  operation: z.enum(['createOrder', 'generateReference', 'mbwayPurchase', 'getStatus', 'performAction']).nullable(),
  request: z.object({
    /** Headers as received, lower-case names; credentials masked to their scheme + `••••last4`. */
    headers: headersSchema,
    /** The authorization scheme the shop used (`Bearer`, `Digest`, `Basic`…), null when absent. */
    authScheme: z.string().nullable(),
    /** Body text as received, redacted (card data, secrets), cut at 64 KiB. */
    body: z.string().nullable(),
    bodyTruncated: z.boolean(),
  }),
  /** What the shop was answered; `fault` names the transport fault armed instead (no normal answer). */
  response: z
    .object({
      status: z.number().int(),
      headers: headersSchema,
      body: z.string(),
      /** The fault armed for this call, when one was: e.g. `http-503`, `latency`, `reset`, `empty`, `truncated`, `slow-body`. */
      fault: z.string().nullable(),
    })
    .nullable(),
  /** Milliseconds from the request's arrival to the end of the answer. */
  durationMs: z.number().nonnegative(),
  transactionID: z.string().nullable(),
  merchantTransactionId: z.string().nullable(),
  /** The returnStatus.statusCode and paymentStatus of the answer, when it had them. */
  statusCode: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  /**
   * For a `Digest` follow-up: whether it carried the addressed transaction's own signature, and if not,
   * the transaction whose signature it was (null when it is nobody's). The signature itself is never kept.
   */
  signature: z.object({ matched: z.boolean(), belongsTo: z.string().nullable() }).nullable().optional(),
});
export type ShopCall = z.infer<typeof shopCallSchema>;

/** One notification delivery attempt to the shop's webhook, and the shop's acknowledgement. */
export const shopNotificationSchema = z.object({
  kind: z.literal('notification'),
  seq: z.number().int().positive(),
  worldId: z.string(),
  via: z.enum(['world', 'proxy']),
  /** When the POST was sent (ISO, real time) and the world's time then. */
  sentAt: z.string(),
  worldTime: z.string(),
  notificationID: z.string(),
  transactionID: z.string(),
  paymentStatus: z.string(),
  /** 1 for the first attempt of a notification, 2… for retries; `copy` marks a deliberate duplicate. */
  attempt: z.number().int().positive(),
  copy: z.boolean(),
  /** The webhook URL it was POSTed to (a finding when it is not HTTPS). */
  url: z.string(),
  /** The shop's answer: null when none came (connection refused, timeout). */
  answer: z.object({ status: z.number().int(), body: z.string(), bodyTruncated: z.boolean() }).nullable(),
  /** Milliseconds until the shop answered (or gave up waiting). */
  durationMs: z.number().nonnegative(),
  /** Whether the answer was a valid acknowledgement (docs/gateway-behaviour.md), and if not, why. */
  acknowledged: z.boolean(),
  ackProblem: z.string().nullable(),
  /** The notification chaos armed on this attempt (`failAck`, `duplicate`, `delay`, `reorder`), when one was. */
  fault: z.string().nullable().optional(),
});
export type ShopNotification = z.infer<typeof shopNotificationSchema>;

export const shopTrafficEntrySchema = z.discriminatedUnion('kind', [shopCallSchema, shopNotificationSchema]);
export type ShopTrafficEntry = z.infer<typeof shopTrafficEntrySchema>;

/** A page of a world's traffic after a seq (the control API's and main's answer). */
export const shopTrafficPageSchema = z.object({
  entries: z.array(shopTrafficEntrySchema),
  /** The seq to ask after next time. */
  nextCursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ShopTrafficPage = z.infer<typeof shopTrafficPageSchema>;
