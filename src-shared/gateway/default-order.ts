/**
 * The one default create-order body: an order the contract schema accepts as it stands for its variant.
 * The Orders screen's first draft, a QA scenario's `create` step and the demo's stories all start here,
 * so a change to what a valid order needs is made once and every caller follows.
 */
import type { Variant } from './codes';

export interface DefaultOrderInput {
  variant: Variant;
  terminalId: string | number;
  merchantTransactionId: string;
  /** When the order is made (its transactionTimestamp). */
  at: Date;
  /** merchant.transactionDescription: says who made the order (console, QA runner, demo shop). */
  transactionDescription: string;
  /** transaction.description. */
  description: string;
  /** info.deviceInfo, sent on Variant B only (the spec requires it there). */
  deviceInfo: Readonly<Record<string, string>>;
}

/** ISO 8601 with an offset (Z), to the second: the form the schema and the gateway accept. */
export const orderTimestamp = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Variant A sells by reference, card and MB WAY; Variant B spells MB WAY `MBWY` (spec, per variant). */
export const defaultPaymentMethods = (variant: Variant): string[] =>
  variant === 'A' ? ['REFERENCE', 'CARD', 'MBWAY'] : ['CARD', 'MBWY'];

export function defaultOrder(input: DefaultOrderInput): Record<string, unknown> {
  const order: Record<string, unknown> = {
    merchant: {
      terminalId: Number(input.terminalId),
      channel: 'web',
      merchantTransactionId: input.merchantTransactionId,
      transactionDescription: input.transactionDescription,
    },
    customer: {
      customerInfo: {
        customerName: 'Test Shopper',
        customerEmail: 'shopper@example.com',
        customerPhone: '+351912345678',
        customerLanguage: 'pt',
      },
    },
    transaction: {
      transactionTimestamp: orderTimestamp(input.at),
      description: input.description,
      moto: false,
      paymentType: 'PURS',
      paymentMethod: defaultPaymentMethods(input.variant),
      amount: { value: 10.5, currency: 'EUR' },
    },
  };
  if (input.variant === 'B') order.info = { deviceInfo: { ...input.deviceInfo } };
  return order;
}
