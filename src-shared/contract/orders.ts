import { z } from 'zod';
import { exchangeSchema } from '../exchange';
import { event, method } from './define';

/**
 * Required by main for every call on a production profile that creates an order or moves money:
 * the renderer must echo the profile's name and the amount the user confirmed (checked in main).
 */
export const productionConfirmationSchema = z
  .object({ profileName: z.string().min(1), amount: z.number().nonnegative() })
  .strict();
export type ProductionConfirmation = z.infer<typeof productionConfirmationSchema>;

/** What every gateway call answers: the (redacted) Exchange and the parsed response body, if any. */
export const gatewayCallResultSchema = z.object({
  exchange: exchangeSchema,
  /** The response JSON with secrets (transactionSignature) masked; null when it was not JSON. */
  response: z.unknown().nullable(),
});
export type GatewayCallResult = z.infer<typeof gatewayCallResultSchema>;

export const profileIdInputSchema = z.string().min(1).max(100);

export const ordersMethods = {
  'orders.create': method(
    'Create an order (POST /payments) with the profile’s variant; the body is validated before it is sent.',
    z
      .object({
        profileId: profileIdInputSchema,
        /** The order body (merchant, customer, transaction, info…) exactly as it should be sent. */
        order: z.record(z.string(), z.unknown()),
        confirmation: productionConfirmationSchema.optional(),
        /** The user confirmed the order's warnings (orderWarnings, e.g. a short Multibanco window). */
        acceptWarnings: z.boolean().optional(),
        /** QA: create even though the merchantTransactionId is already used on the profile (Sandbox/test only). */
        allowDuplicate: z.boolean().optional(),
      })
      .strict(),
    gatewayCallResultSchema,
  ),
};

export const ordersEvents = {
  'exchanges.recorded': event('A gateway call finished (any outcome); secrets already masked.', exchangeSchema),
};
