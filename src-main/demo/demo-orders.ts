/**
 * Create-order bodies for the demo, one per story: valid for the story's variant and methods (MB WAY
 * needs the shopper's phone, iDEAL / Bancontact / Bizum the shopper's language, Variant B the device
 * information), so that the gateway accepts every one of them.
 */
import { defaultOrder } from '@shared/gateway/default-order';
import type { DemoStory } from './demo-plan';

const TERMINALS = { A: 1000001, B: 1000002 } as const;

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** The story's shopper, method list, amount and shop on top of the console's one default order. */
export function demoOrder(story: DemoStory, merchantTransactionId: string, at: Date): Record<string, unknown> {
  const order = defaultOrder({
    variant: story.variant,
    terminalId: TERMINALS[story.variant],
    merchantTransactionId,
    at,
    transactionDescription: `Demo shop · ${story.description}`,
    description: story.description,
    deviceInfo: {
      browserUserAgent: 'Mozilla/5.0 (demo shop)',
      browserLanguage: 'pt-PT',
      applicationName: 'Form:demo-shop',
    },
  }) as { merchant: Record<string, unknown>; transaction: Record<string, unknown>; customer: Record<string, unknown> };
  order.merchant.shopURL = 'https://shop.example';
  order.transaction.paymentMethod = story.paymentMethod;
  order.transaction.amount = { value: story.amount, currency: 'EUR' };
  const customerInfo: Record<string, unknown> = {
    customerName: story.shopper,
    customerEmail: `${slug(story.shopper)}@example.com`,
    customerPhone: '+351912345678',
  };
  // The shopper's language matters only to Variant B's local methods (iDEAL, Bancontact, Bizum).
  if (story.variant === 'B') customerInfo.customerLanguage = 'pt';
  order.customer = {
    customerInfo,
    ...(story.variant === 'B'
      ? { shippingAddress: { street1: 'Rua Augusta 100', city: 'Lisboa', postcode: '1100-053', country: 'PT' } }
      : {}),
  };
  return order;
}
