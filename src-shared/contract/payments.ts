import { z } from 'zod';
import { method } from './define';
import { transactionIdSchema } from './transaction-id';
import { gatewayCallResultSchema, productionConfirmationSchema, profileIdInputSchema } from './orders';
import { rule } from '../rule-text';

export const paymentsMethods = {
  'payments.generateReference': method(
    'Generate a Multibanco payment reference for a transaction (Digest auth with its stored signature).',
    z
      .object({
        profileId: profileIdInputSchema,
        transactionId: transactionIdSchema,
        confirmation: productionConfirmationSchema.optional(),
        /** QA override: send even when REFERENCE is not in the order's paymentMethod list. */
        allowMethodNotInOrder: z.boolean().optional(),
        /** QA override: send even though main knows the payment final (Sandbox/test only; recorded in the exchange). */
        overrideFinal: z.boolean().optional(),
      })
      .strict(),
    gatewayCallResultSchema,
  ),
  'payments.mbwayPurchase': method(
    'Ask the shopper to pay with MB WAY; the phone may be +351 912 345 678, 912345678 or 351#912345678.',
    z
      .object({
        profileId: profileIdInputSchema,
        transactionId: transactionIdSchema,
        phone: z.string().trim().min(1, rule('phoneRequired')).max(32),
        confirmation: productionConfirmationSchema.optional(),
        /** QA override: send even when MBWAY is not in the order's paymentMethod list. */
        allowMethodNotInOrder: z.boolean().optional(),
        /** QA override: send even though main knows the payment final (Sandbox/test only; recorded in the exchange). */
        overrideFinal: z.boolean().optional(),
      })
      .strict(),
    gatewayCallResultSchema,
  ),
  'payments.status': method(
    'Query the payment status of a transaction (read-only; retried on transient failures).',
    z.object({ profileId: profileIdInputSchema, transactionId: transactionIdSchema }).strict(),
    gatewayCallResultSchema,
  ),
  'payments.performAction': method(
    'Send an actionResponse’s params to its url (e.g. a 3-D Secure step) for a transaction.',
    z
      .object({
        profileId: profileIdInputSchema,
        transactionId: transactionIdSchema,
        url: z.string().url(),
        params: z.array(z.object({ name: z.string().min(1).max(200), value: z.string().max(100_000) })).max(50),
        confirmation: productionConfirmationSchema.optional(),
        /** QA override: send even though main knows the payment final (Sandbox/test only; recorded in the exchange). */
        overrideFinal: z.boolean().optional(),
      })
      .strict(),
    gatewayCallResultSchema,
  ),
};
