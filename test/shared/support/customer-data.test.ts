import { describe, expect, it } from 'vitest';
import {
  customerDataOfOrder,
  maskCustomerData,
  maskCustomerDataInText,
  maskCustomerDataInValue,
  masksCustomerData,
} from '@shared/support/customer-data';

const order = {
  customer: {
    customerInfo: {
      customerName: 'Ana Maria Silva',
      customerEmail: 'ana.silva@example.pt',
      customerPhone: '+351912345678',
      billingAddress: { street1: 'Rua Augusta 10', postcode: '1100-053', city: 'Lisboa', country: 'PT' },
    },
    shippingAddress: { street1: 'Av. da Liberdade 1', city: 'Lisboa', country: 'PT' },
  },
  info: { deviceInfo: { ipAddress: '203.0.113.77' } },
};

describe('customer data masking', () => {
  it('reads every customer field of an order', () => {
    expect(customerDataOfOrder(order)).toEqual({
      name: 'Ana Maria Silva',
      email: 'ana.silva@example.pt',
      phone: '+351912345678',
      billingAddress: 'Rua Augusta 10, 1100-053 Lisboa, PT',
      shippingAddress: 'Av. da Liberdade 1, Lisboa, PT',
      ip: '203.0.113.77',
    });
  });

  it('masks every field so that no part of the name, e-mail user, street or full number shows', () => {
    const masked = maskCustomerData(customerDataOfOrder(order));
    const all = Object.values(masked).join(' | ');
    for (const secret of ['Ana', 'Silva', 'silva', 'example', '912345', 'Augusta', 'Lisboa', '113.77'])
      expect(all).not.toContain(secret);
    expect(masked).toMatchObject({ phone: expect.stringMatching(/678$/), email: expect.stringMatching(/\.pt$/) });
  });

  it('reveals only the field asked for', () => {
    const masked = maskCustomerData(customerDataOfOrder(order), new Set(['email']));
    expect(masked.email).toBe('ana.silva@example.pt');
    expect(masked.name).not.toContain('Ana');
  });

  it('masks on production and lookup-only profiles, not on test or sandbox ones', () => {
    expect(masksCustomerData({ environment: 'production' })).toBe(true);
    expect(masksCustomerData({ environment: 'test', lookupOnly: true })).toBe(true);
    expect(masksCustomerData({ environment: 'sandbox' })).toBe(false);
    expect(masksCustomerData({ environment: 'test', lookupOnly: false })).toBe(false);
  });
});

describe('customer data masking in bodies (views and exports)', () => {
  it('masks every customer field of a JSON body and keeps the rest', () => {
    const text = JSON.stringify({ ...order, transaction: { amount: { value: 10.5, currency: 'EUR' } } });
    const masked = maskCustomerDataInText(text);
    for (const secret of ['Ana', 'silva', '912345', 'Augusta', 'Lisboa', '1100-053', '113.77'])
      expect(masked).not.toContain(secret);
    expect(JSON.parse(masked)).toMatchObject({
      transaction: { amount: { value: 10.5 } },
      customer: { shippingAddress: { country: 'PT' } },
    });
  });

  it('masks a truncated body too', () => {
    const cut = JSON.stringify(order).slice(0, 180);
    expect(() => JSON.parse(cut)).toThrow();
    expect(maskCustomerDataInText(cut)).not.toMatch(/Ana Maria|ana\.silva|Rua Augusta/);
  });

  it('masks the MB WAY phone a notification carries in token.value, in JSON, truncated text and parsed values', () => {
    const notification = { paymentMethod: 'MBWAY', token: { tokenType: 'MBWAY', value: '351#912345678' } };
    const text = JSON.stringify(notification);
    const masked = JSON.parse(maskCustomerDataInText(text)) as typeof notification;
    expect(masked.token).toEqual({ tokenType: 'MBWAY', value: '••••••••678' });
    expect(masked.paymentMethod).toBe('MBWAY');
    expect(maskCustomerDataInText(text.slice(0, -2))).not.toContain('912345');
    expect(maskCustomerDataInValue({ ...notification, unknownFields: {} }).token.value).toBe('••••••••678');
  });
});
