/** Valid create-order bodies for both variants; tests change one field at a time. */
export const validOrderA = () => ({
  merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId: 'order-1', shopURL: 'https://shop.example' },
  transaction: {
    transactionTimestamp: '2026-11-21T10:00:00Z',
    description: 'Test order',
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['REFERENCE', 'CARD', 'MBWAY'],
    amount: { value: 10.5, currency: 'EUR' },
  },
  customer: {
    customerInfo: { customerName: 'Ana Silva', customerEmail: 'ana@example.com', customerPhone: '+351912345678' },
  },
});

export const validOrderB = () => ({
  merchant: { terminalId: 1000002, channel: 'web', merchantTransactionId: 'order-2' },
  transaction: {
    transactionTimestamp: '2026-11-21T10:00:00+01:00',
    description: 'Test order',
    moto: false,
    paymentType: 'AUTH',
    paymentMethod: ['CARD', 'MBWY', 'BNCT'],
    amount: { value: 25, currency: 'EUR' },
  },
  customer: {
    customerInfo: {
      customerName: 'Ana Silva',
      customerEmail: 'ana@example.com',
      customerPhone: '+351912345678',
      customerLanguage: 'pt',
    },
    shippingAddress: { street1: 'Rua A 1', city: 'Lisboa', postcode: '1000-001', country: 'PT' },
  },
  info: { deviceInfo: { browserUserAgent: 'test', applicationName: 'Form:shop' } },
});
