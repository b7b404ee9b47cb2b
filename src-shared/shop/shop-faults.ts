/**
 * What a tester (or a shop's CI through a world's control API) arms for the shop's next calls and
 * notifications (issue 29 §3): an HTTP answer of the error table (or 999), latency (fixed or a range,
 * drawn from the world's seed), the transport faults WireMock users rely on (connection reset, empty
 * response, truncated body, slow body), and notification chaos. Each applies to `times` calls (default
 * one), optionally only to one endpoint. Pure zod: the simulator validates with it, the contract can reuse it.
 */
import { z } from 'zod';
import { DELIVERY_CONTROLS, NEXT_CALL_STATUSES } from '../qa/sandbox-controls';

export const CALL_FAULT_KINDS = ['status', 'latency', 'reset', 'empty', 'truncated', 'slow-body'] as const;
export type CallFaultKind = (typeof CALL_FAULT_KINDS)[number];

export const SHOP_OPERATIONS = [
  'createOrder',
  'getStatus',
  'generateReference',
  'mbwayPurchase',
  'performAction',
] as const;

/** At most this long, so a forgotten fault cannot hold a world's connections for ever. */
export const MAX_FAULT_LATENCY_MS = 60_000;

const latencySchema = z.union([
  z.number().int().min(0).max(MAX_FAULT_LATENCY_MS),
  z
    .object({
      min: z.number().int().min(0).max(MAX_FAULT_LATENCY_MS),
      max: z.number().int().min(0).max(MAX_FAULT_LATENCY_MS),
    })
    .strict()
    .refine((range) => range.min <= range.max, { message: 'min must not be above max' }),
]);

export const callFaultSchema = z
  .object({
    kind: z.enum(CALL_FAULT_KINDS),
    /** For `status`: the HTTP status the call answers (999: HTTP 200 with statusCode 999). */
    status: z
      .union(NEXT_CALL_STATUSES.map((status) => z.literal(status)) as [z.ZodLiteral<400>, ...z.ZodLiteral<number>[]])
      .optional(),
    /** For `latency` (before the normal answer) and `slow-body` (spread over the body): ms, or a range drawn seeded. */
    latencyMs: latencySchema.optional(),
    /** Only calls to this endpoint; absent: the next calls whatever they address. */
    operation: z.enum(SHOP_OPERATIONS).optional(),
    /** How many calls it applies to (default 1). */
    times: z.number().int().min(1).max(1_000).optional(),
  })
  .strict()
  .superRefine((fault, context) => {
    if (fault.kind === 'status' && fault.status === undefined)
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: `is required for kind "status": one of ${NEXT_CALL_STATUSES.join(', ')}`,
      });
    if ((fault.kind === 'latency' || fault.kind === 'slow-body') && fault.latencyMs === undefined)
      context.addIssue({
        code: 'custom',
        path: ['latencyMs'],
        message: `is required for kind "${fault.kind}": ms, or {"min": ms, "max": ms}`,
      });
  });
export type CallFault = z.infer<typeof callFaultSchema>;

/** Notification chaos: the Sandbox controls, plus holding a notification back (`delay`) and losing one (`drop`). */
export const NOTIFICATION_CHAOS = [...DELIVERY_CONTROLS, 'delay', 'drop'] as const;
export type NotificationChaos = (typeof NOTIFICATION_CHAOS)[number];

/** The shopper's outcome for a transaction, in the tester's words, and the payment status each gives. */
export const SHOPPER_OUTCOMES = {
  approve: 'Success',
  decline: 'Declined',
  timeout: 'Timeout',
  pay: 'Success',
  expire: 'Expired',
  'complete-step': 'Success',
  'fail-step': 'Declined',
} as const;
export type ShopperOutcome = keyof typeof SHOPPER_OUTCOMES;

/** What a world's shopper may do with every new payment no magic value decides (`POST <control>/shopper`). */
export const WORLD_SHOPPER_OUTCOMES = ['approve', 'decline', 'timeout'] as const;
export type WorldShopperOutcome = (typeof WORLD_SHOPPER_OUTCOMES)[number];
/** What a world's shopper does with every new extra step (3-D Secure, bank redirect): complete it or fail it. */
export const WORLD_STEP_OUTCOMES = ['complete', 'fail'] as const;
export type WorldStepOutcome = (typeof WORLD_STEP_OUTCOMES)[number];

/** A world's shopper: null parts leave the shopper passive for that part (nothing happens on its own). */
export interface WorldShopper {
  outcome: WorldShopperOutcome | null;
  step: WorldStepOutcome | null;
}
