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

  it('leak found by the team canary: an e-mail typed into free text (an order description) is masked too', () => {
    const body = JSON.stringify({
      transaction: { description: 'Gift for rui.costa@example.pt, call before noon', amount: { value: 5 } },
      merchant: { merchantTransactionId: 'order-77' },
    });
    const masked = maskCustomerDataInText(body);
    expect(masked).not.toContain('rui.costa');
    expect(JSON.parse(masked)).toMatchObject({
      transaction: { description: 'Gift for r•••@•••.pt, call before noon' },
      merchant: { merchantTransactionId: 'order-77' },
    });
    // Cut off (not JSON), and in a parsed value; a masked address is not masked again.
    expect(maskCustomerDataInText(body.slice(0, 60))).not.toContain('rui.costa');
    expect(maskCustomerDataInValue({ note: 'write to ana@shop.example.com' })).toEqual({
      note: 'write to a•••@•••.com',
    });
    expect(maskCustomerDataInText(masked)).toBe(masked);
    // Text with an "@" that is no address stays as it is.
    expect(maskCustomerDataInValue({ note: '10 @ 5 EUR, see @support' })).toEqual({ note: '10 @ 5 EUR, see @support' });
    // A hostile text: 400,000 characters of address-like runs around an "@" with no domain is left as it is
    // (the pattern's lengths are bounded, so this stays a linear scan).
    const hostile = `${'a.'.repeat(100_000)}@${'b-'.repeat(100_000)}`;
    expect(maskCustomerDataInValue({ note: hostile })).toEqual({ note: hostile });
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
    expect(masked.token).toEqual({ tokenType: 'MBWAY', value: '351#••••••678' });
    expect(masked.paymentMethod).toBe('MBWAY');
    expect(maskCustomerDataInText(text.slice(0, -2))).not.toContain('912345');
    expect(maskCustomerDataInValue({ ...notification, unknownFields: {} }).token.value).toBe('351#••••••678');
  });
});

describe('customer data is masked at the source: every shape a gateway, a file or a notification uses', () => {
  const PRIVATE = ['Ana', 'Silva', 'ana.silva', 'example.pt', '912345', 'Augusta', 'Lisboa', '1100-053', '113.77'];
  const expectNoPrivateText = (text: string) => {
    for (const secret of PRIVATE) expect(text, `${secret} left in clear`).not.toContain(secret);
  };

  it('customer data is masked at the source: phone numbers written as JSON numbers', () => {
    const masked = maskCustomerDataInValue({ customerPhone: 351912345678, mobile: 912345678, amount: { value: 10 } });
    expectNoPrivateText(JSON.stringify(masked));
    expect(masked.customerPhone).toMatch(/678$/);
    expect(masked.amount.value).toBe(10);
  });

  it('customer data is masked at the source: addresses written as text, country kept', () => {
    const masked = maskCustomerDataInValue({
      billingAddress: 'Rua Augusta 10, 1100-053 Lisboa, PT',
      customer: { shippingAddress: { street: 'Rua Augusta 10', zipCode: '1100-053', town: 'Lisboa', country: 'PT' } },
    });
    expectNoPrivateText(JSON.stringify(masked));
    expect(masked.billingAddress).toBe('••••••, PT');
    expect(masked.customer.shippingAddress.country).toBe('PT');
  });

  it('customer data is masked at the source: key-value lists (customerInfo arrays of {key, value})', () => {
    const value = {
      customerInfo: [
        { key: 'customerName', value: 'Ana Maria Silva' },
        { key: 'customer_email', value: 'ana.silva@example.pt' },
        { Key: 'Phone-Number', Value: '+351912345678' },
        { key: 'city', value: 'Lisboa' },
        { key: 'customerLanguage', value: 'pt' },
      ],
      actionResponse: { data: { params: [{ name: 'creq', value: 'token-kept' }] } },
    };
    const masked = maskCustomerDataInValue(value);
    expectNoPrivateText(JSON.stringify(masked));
    expect(masked.customerInfo[0]).toEqual({ key: 'customerName', value: 'A••• M••• S•••' });
    expect(masked.customerInfo[4]).toEqual({ key: 'customerLanguage', value: 'pt' });
    // Action params are a key-value list too: their names and non-customer values are untouched.
    expect(masked.actionResponse.data.params).toEqual([{ name: 'creq', value: 'token-kept' }]);
    expectNoPrivateText(maskCustomerDataInText(JSON.stringify(value).slice(0, -30)));
  });

  it.each([
    ['customer_name', 'Ana Maria Silva'],
    ['CustomerName', 'Ana Maria Silva'],
    ['Name', 'Ana Maria Silva'],
    ['full-name', 'Ana Maria Silva'],
    ['email', 'ana.silva@example.pt'],
    ['eMail', 'ana.silva@example.pt'],
    ['EMAIL_ADDRESS', 'ana.silva@example.pt'],
    ['phoneNumber', '+351912345678'],
    ['mobile', '912345678'],
    ['MSISDN', '351912345678'],
    ['billing_address', 'Rua Augusta 10, Lisboa'],
    ['deliveryAddress', 'Rua Augusta 10, Lisboa'],
    ['ip_address', '203.0.113.77'],
  ])('customer data is masked at the source: the key spelled %s', (key, value) => {
    expectNoPrivateText(JSON.stringify(maskCustomerDataInValue({ outer: { [key]: value } })));
    expectNoPrivateText(maskCustomerDataInText(JSON.stringify({ outer: { [key]: value } })));
    expectNoPrivateText(maskCustomerDataInText(`${JSON.stringify({ outer: { [key]: value } }).slice(0, -2)}`));
  });

  it('customer data is masked at the source: JSON escaped inside a text field, whole or cut off', () => {
    const inner = JSON.stringify({ customerName: 'Ana Maria Silva', customerEmail: 'ana.silva@example.pt' });
    const doubly = JSON.stringify({ log: JSON.stringify({ request: inner }) });
    const body = { statusMsg: 'Declined', details: inner, trace: doubly, note: 'plain text stays' };
    const masked = maskCustomerDataInValue(body);
    expectNoPrivateText(JSON.stringify(masked));
    expect(masked.note).toBe('plain text stays');
    expect(JSON.parse(masked.details)).toEqual({ customerName: 'A••• M••• S•••', customerEmail: 'a•••@•••.pt' });
    const text = JSON.stringify(body);
    expectNoPrivateText(maskCustomerDataInText(text));
    // Cut inside the escaped value: the text fallback still finds the escaped pairs.
    const cut = text.slice(0, text.indexOf('Silva') + 2);
    expect(() => JSON.parse(cut)).toThrow();
    expect(maskCustomerDataInText(cut)).not.toMatch(/Ana Maria|Si$/);
  });
});
