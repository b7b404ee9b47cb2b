/**
 * Create-order bodies for the demo, one per story: valid for the story's variant and methods (MB WAY
 * needs the shopper's phone, iDEAL / Bancontact / Bizum the shopper's language, Variant B the device
 * information), so that the gateway accepts every one of them.
 */
import type { DemoStory } from './demo-plan';

const TERMINALS = { A: 1000001, B: 1000002 } as const;

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

export function demoOrder(story: DemoStory, merchantTransactionId: string, at: Date): Record<string, unknown> {
  const customerInfo: Record<string, unknown> = {
    customerName: story.shopper,
    customerEmail: `${slug(story.shopper)}@example.com`,
    customerPhone: '+351912345678',
  };
  if (story.variant === 'B') customerInfo.customerLanguage = 'pt';
  const order: Record<string, unknown> = {
    merchant: {
      terminalId: TERMINALS[story.variant],
      channel: 'web',
      merchantTransactionId,
      transactionDescription: `Demo shop · ${story.description}`,
      shopURL: 'https://shop.example',
    },
    transaction: {
      transactionTimestamp: at.toISOString(),
      description: story.description,
      moto: false,
      paymentType: 'PURS',
      paymentMethod: story.paymentMethod,
      amount: { value: story.amount, currency: 'EUR' },
    },
    customer: {
      customerInfo,
      ...(story.variant === 'B'
        ? { shippingAddress: { street1: 'Rua Augusta 100', city: 'Lisboa', postcode: '1100-053', country: 'PT' } }
        : {}),
    },
  };
  if (story.variant === 'B')
    order.info = {
      deviceInfo: {
        browserUserAgent: 'Mozilla/5.0 (demo shop)',
        browserLanguage: 'pt-PT',
        applicationName: 'Form:demo-shop',
      },
    };
  return order;
}
