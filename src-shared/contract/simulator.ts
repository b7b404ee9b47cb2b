import { z } from 'zod';
import { PAYMENT_STATUS_VALUES, VARIANTS } from '../gateway/codes';
import { method } from './define';
import { transactionIdSchema } from './transaction-id';
import { WORLD_KINDS, worldIdSchema } from '../sandbox-worlds';

const paymentStatusSchema = z.enum(PAYMENT_STATUS_VALUES as [string, ...string[]]);

export const simulatorClockSchema = z.object({ now: z.string(), offsetSeconds: z.number() });

export const simulatorStatusChangeSchema = z.object({
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  reason: z.string(),
  statusCode: z.string(),
  statusMsg: z.string(),
});

/** A simulated transaction as the Simulator panel sees it (no signature, no tokens). */
export const simulatorTransactionSchema = z.object({
  transactionID: z.string(),
  terminalId: z.string(),
  variant: z.enum(VARIANTS),
  merchantTransactionId: z.string(),
  amount: z.object({ value: z.number(), currency: z.string() }),
  paymentType: z.string(),
  paymentMethod: z.string(),
  paymentMethodList: z.array(z.string()),
  paymentStatus: paymentStatusSchema,
  final: z.boolean(),
  createdAt: z.string(),
  expiry: z.string(),
  history: z.array(simulatorStatusChangeSchema),
  reference: z
    .object({
      reference: z.string(),
      entity: z.string(),
      status: z.string(),
      expireDate: z.string(),
      payments: z.number(),
    })
    .optional(),
  mbwayPhone: z.string().optional(),
  actionPending: z.boolean(),
  statusQueries: z.number(),
});
export type SimulatorTransaction = z.infer<typeof simulatorTransactionSchema>;

export const simulatorDeliverySchema = z.object({
  notificationID: z.string(),
  transactionID: z.string(),
  paymentStatus: z.string(),
  url: z.string(),
  duplicate: z.boolean(),
  state: z.enum(['scheduled', 'delivered', 'retrying', 'gave-up']),
  firstAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(
    z.object({ at: z.string(), httpStatus: z.number().nullable(), acknowledged: z.boolean(), verdict: z.string() }),
  ),
  /** The notification's plaintext JSON (it carries no secrets). */
  payload: z.record(z.string(), z.unknown()),
});
export type SimulatorDelivery = z.infer<typeof simulatorDeliverySchema>;

export const simulatorStatusSchema = z.object({
  running: z.boolean(),
  url: z.string().nullable(),
  apiUrl: z.string().nullable(),
  clientIdHeader: z.string().nullable(),
  terminals: z.array(z.object({ terminalId: z.string(), variant: z.enum(VARIANTS) })),
  controlEnabled: z.boolean(),
  webhookUrl: z.string().nullable(),
  clock: simulatorClockSchema.nullable(),
  transactionCount: z.number(),
});
export type SimulatorStatus = z.infer<typeof simulatorStatusSchema>;

const noInput = z.undefined().or(z.object({}).strict());

/** One of the console's own Sandbox worlds (demo, scenario run, QA session); the user's Sandbox is not listed. */
export const simulatorWorldSchema = z.object({
  id: worldIdSchema,
  kind: z.enum(WORLD_KINDS),
  name: z.string(),
  transactionCount: z.number().int().min(0),
  clock: simulatorClockSchema,
});
export type SimulatorWorld = z.infer<typeof simulatorWorldSchema>;

/** Which world a Simulator call acts on: absent, the user's own Sandbox. */
const inWorld = { worldId: worldIdSchema.optional() };
const worldOnly = z.undefined().or(z.object(inWorld).strict());

export const simulatorMethods = {
  'simulator.status': method(
    'Whether the embedded simulator runs, where, its terminals (no tokens), and the chosen world’s clock and transaction count.',
    worldOnly,
    simulatorStatusSchema,
  ),
  'simulator.transactions': method(
    'The simulated transactions, newest first, with their status history.',
    z
      .object({ limit: z.number().int().min(1).max(1000).optional(), ...inWorld })
      .strict()
      .optional(),
    z.array(simulatorTransactionSchema),
  ),
  'simulator.complete': method(
    'Play the shopper: pay the reference, approve or decline MB WAY, finish the extra step (sets paymentStatus).',
    z
      .object({
        transactionId: transactionIdSchema,
        paymentStatus: paymentStatusSchema.exclude(['Pending']),
        ...inWorld,
      })
      .strict(),
    simulatorTransactionSchema,
  ),
  'simulator.advanceClock': method(
    'Move the simulator clock forward (expiry, MB WAY windows, notification retries happen as due).',
    z
      .object({
        seconds: z
          .number()
          .min(0)
          .max(400 * 86_400),
        ...inWorld,
      })
      .strict(),
    simulatorClockSchema,
  ),
  'simulator.deliveries': method(
    'The notification delivery log: every notification, its attempts and the acknowledgement verdicts.',
    z
      .object({ transactionId: transactionIdSchema.optional(), ...inWorld })
      .strict()
      .optional(),
    z.array(simulatorDeliverySchema),
  ),
  'simulator.reset': method(
    "Reset the Sandbox (or the chosen world): forget every simulated transaction, delivery and clock offset (also on disk) and its profiles' stored signatures; other worlds and profiles keep theirs.",
    worldOnly,
    z.object({ removedTransactions: z.number().int().min(0) }),
  ),
  'simulator.worlds': method(
    'The console’s own Sandbox worlds (demo, scenario runs, QA sessions) the Simulator screen can act on.',
    noInput,
    z.array(simulatorWorldSchema),
  ),
  'simulator.discardWorld': method(
    'Discard a scenario run’s or QA session’s world with its profiles (the Simulator screen’s “Discard this world”); never the demo’s or the user’s Sandbox.',
    z.object({ worldId: worldIdSchema }).strict(),
    z.object({ discarded: z.boolean() }),
  ),
};
