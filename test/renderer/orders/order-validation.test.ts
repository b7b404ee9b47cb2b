import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import OrderForm from '../../../src-renderer/src/features/orders/OrderForm.vue';
import { draftWith, installApi, messageFor, mountWithProviders, profile, setupStores, typeInto } from './mount-helpers';

const variantA = profile();
const variantB = profile({ id: 'sandbox-b', name: 'Sandbox · Variant B', variant: 'B', terminalId: '1000002' });

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

async function form(active: typeof variantA, changes: Record<string, unknown>): Promise<Element> {
  installApi({});
  const pinia = setupStores([active]);
  await draftWith(changes);
  wrapper = mountWithProviders(OrderForm, pinia);
  return wrapper.element;
}

const ALL_B = ['CARD', 'TOKEN', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'SPDD', 'CRTB', 'MBWY', 'BIZM'];

describe('order form: conditional rules show their message next to the field', () => {
  it('MBWY needs the customer phone (Variant B)', async () => {
    const root = await form(variantB, {
      'transaction.paymentMethod': ['CARD', 'MBWY'],
      'customer.customerInfo.customerPhone': undefined,
    });
    expect(messageFor(root, 'Customer phone')).toBe('Customer phone is required when paymentMethod includes MBWY');
  });

  it('no phone is needed without MBWY', async () => {
    const root = await form(variantB, {
      'transaction.paymentMethod': ['CARD'],
      'customer.customerInfo.customerPhone': undefined,
    });
    expect(messageFor(root, 'Customer phone')).toBeNull();
  });

  it.each(['BNCT', 'IDEL', 'BIZM'])('%s needs the customer language (Variant B)', async (code) => {
    const root = await form(variantB, {
      'transaction.paymentMethod': [code],
      'customer.customerInfo.customerLanguage': undefined,
    });
    expect(messageFor(root, 'Customer language')).toBe(
      `Customer language is required when paymentMethod includes ${code}`,
    );
  });

  it('Variant B needs the customer name and e-mail', async () => {
    const root = await form(variantB, {
      'customer.customerInfo.customerName': undefined,
      'customer.customerInfo.customerEmail': undefined,
    });
    expect(messageFor(root, 'Customer name')).toBe('Customer name is required in Variant B');
    expect(messageFor(root, 'Customer e-mail')).toBe('Customer e-mail is required in Variant B');
  });

  it('CARD in Variant A needs the customer e-mail', async () => {
    const root = await form(variantA, {
      'transaction.paymentMethod': ['CARD'],
      'customer.customerInfo.customerEmail': undefined,
    });
    expect(messageFor(root, 'Customer e-mail')).toBe('Customer e-mail is required for card payments in Variant A');
  });

  it('CARD in Variant A needs a customer at all; MB WAY alone does not', async () => {
    let root = await form(variantA, { 'transaction.paymentMethod': ['CARD'], customer: undefined });
    expect(root.textContent).toContain(
      'Include customer (mandatory for CARD in Variant A): is required for card payments in Variant A',
    );
    wrapper?.unmount();
    root = await form(variantA, { 'transaction.paymentMethod': ['MBWAY'], customer: undefined });
    expect(root.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });

  it('a shipping address needs street 1, city, postcode and country; street 2 and state are optional', async () => {
    const root = await form(variantA, { 'customer.shippingAddress': {} });
    expect(messageFor(root, 'Shipping address: street 1')).toBe('Shipping address: street 1 is required');
    expect(messageFor(root, 'Shipping address: city')).toBe('Shipping address: city is required');
    expect(messageFor(root, 'Shipping address: postcode')).toBe('Shipping address: postcode is required');
    expect(messageFor(root, 'Shipping address: country')).toBe('Shipping address: country is required');
    expect(messageFor(root, 'Shipping address: street 2')).toBeNull();
    expect(messageFor(root, 'Shipping address: state or province')).toBeNull();
  });

  it('a billing address does not need a country, but checks it when given', async () => {
    const root = await form(variantA, {
      'customer.billingAddress': { street1: 'Rua A 1', city: 'Lisboa', postcode: '1000-001' },
    });
    expect(messageFor(root, 'Billing address: country')).toBeNull();
    await typeInto(root, 'Billing address: country', 'Portugal');
    expect(messageFor(root, 'Billing address: country')).toBe(
      'Billing address: country must be an ISO 3166-1 alpha-2 country code, e.g. PT',
    );
  });

  it('"same as shipping" sends the flag instead of a billing address', async () => {
    const root = await form(variantA, {});
    const { useOrderDraftStore } = await import('../../../src-renderer/src/stores/order-draft');
    const store = useOrderDraftStore();
    store.set('customer.billingAddress', { street1: 'x' });
    const checkbox = [...root.querySelectorAll('[role="checkbox"]')].find((el) =>
      el.textContent?.includes('Billing address same as shipping'),
    ) as HTMLElement;
    checkbox.click();
    await wrapper!.vm.$nextTick();
    expect(store.get('customer.billingAddressSameAsShippingAddress')).toBe(true);
    expect(store.get('customer.billingAddress')).toBeUndefined();
  });

  it('payment methods offer only the variant’s codes', async () => {
    let root = await form(variantA, {});
    const labels = () => [...root.querySelectorAll('[role="checkbox"]')].map((el) => el.textContent ?? '');
    expect(
      labels()
        .filter((text) => / — /.test(text))
        .map((text) => text.split(' — ')[0]?.trim()),
    ).toEqual(['REFERENCE', 'CARD', 'MBWAY']);
    wrapper?.unmount();
    root = await form(variantB, {});
    expect(
      labels()
        .filter((text) => / — /.test(text))
        .map((text) => text.split(' — ')[0]?.trim()),
    ).toEqual(ALL_B);
  });
});

describe('order form: lengths and formats', () => {
  it.each([
    { label: 'Transaction description', text: 'x'.repeat(71), message: 'must be at most 70 characters' },
    { label: 'Customer name', text: 'n'.repeat(46), message: 'must be at most 45 characters' },
    { label: 'Customer e-mail', text: 'shopper@', message: 'must be an e-mail address' },
    {
      label: 'Customer phone',
      text: '12ab',
      message: 'must be in E.164 form: + then at most 15 digits, e.g. +351912345678',
    },
    { label: 'Customer language', text: 'Portuguese', message: 'must be an ISO 639-1 language code, e.g. pt' },
    { label: 'Amount', text: '10.555', message: 'must have at most 2 decimals' },
    { label: 'Amount', text: 'ten', message: 'must be a JSON number' },
    { label: 'Amount', text: '0', message: 'must be greater than 0' },
    { label: 'Currency', text: 'EURO', message: 'must be an ISO 4217 currency code, e.g. EUR' },
    {
      label: 'Transaction timestamp',
      text: '21/11/2026',
      message: 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z',
    },
    { label: 'Channel', text: '', message: 'is required' },
    { label: 'Merchant transaction id', text: '', message: 'is required' },
    { label: 'Merchant transaction id', text: 'm'.repeat(1001), message: 'must be at most 1000 characters' },
  ])('$label: $message', async ({ label, text, message }) => {
    const root = await form(variantA, {});
    await typeInto(root, label, text);
    expect(messageFor(root, label)).toBe(`${label} ${message}`);
  });

  it.each([
    ['Shipping address: street 1', 71, 'must be at most 70 characters'],
    ['Shipping address: city', 36, 'must be at most 35 characters'],
    ['Shipping address: postcode', 17, 'must be at most 16 characters'],
    ['Shipping address: state or province', 36, 'must be at most 35 characters'],
  ])('%s longer than allowed (%i characters) → %s', async (label, length, message) => {
    const root = await form(variantA, { 'customer.shippingAddress': {} });
    await typeInto(root, label, 'a'.repeat(length));
    expect(messageFor(root, label)).toBe(`${label} ${message}`);
  });

  it('the reference window must end after it starts, and min must not exceed max', async () => {
    const root = await form(variantA, {
      'transaction.paymentReference': {
        initialDatetime: '2026-02-01T00:00:00Z',
        finalDatetime: '2026-01-01T00:00:00Z',
        minAmount: { value: 20, currency: 'EUR' },
        maxAmount: { value: 10, currency: 'EUR' },
      },
    });
    expect(messageFor(root, 'Reference valid until')).toBe('Reference valid until must be after initialDatetime');
    expect(messageFor(root, 'Minimum amount')).toBe('Minimum amount must not exceed maxAmount.value');
  });

  it('accepts a national phone number and stores it as E.164', async () => {
    const root = await form(variantA, {});
    await typeInto(root, 'Customer phone', '912 345 678');
    const { useOrderDraftStore } = await import('../../../src-renderer/src/stores/order-draft');
    expect(useOrderDraftStore().get('customer.customerInfo.customerPhone')).toBe('+351912345678');
    expect(messageFor(root, 'Customer phone')).toBeNull();
  });

  it('the prefilled test order is valid for both variants', async () => {
    for (const active of [variantA, variantB]) {
      const root = await form(active, {});
      expect(root.querySelectorAll('[role="alert"]')).toHaveLength(0);
      const { useOrderDraftStore } = await import('../../../src-renderer/src/stores/order-draft');
      expect(useOrderDraftStore().issues).toEqual([]);
      wrapper?.unmount();
      wrapper = null;
    }
  });
});
