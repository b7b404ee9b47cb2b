import type { GatewayConnection } from '../../../src-main/gateway';

/** A valid Variant A order (MB WAY + reference), as a user would paste it. */
export const orderA = (merchantTransactionId = `order-${Math.random().toString(36).slice(2, 10)}`) => ({
  merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId },
  transaction: {
    transactionTimestamp: '2026-01-31T12:00:00Z',
    description: 'Test order',
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['MBWAY', 'REFERENCE'],
    amount: { value: 12.5, currency: 'EUR' },
  },
});

/** A valid Variant B order (card). */
export const orderB = (merchantTransactionId = `order-${Math.random().toString(36).slice(2, 10)}`) => ({
  merchant: { terminalId: 1000002, channel: 'web', merchantTransactionId },
  customer: { customerInfo: { customerName: 'Ana Silva', customerEmail: 'ana@example.com' } },
  transaction: {
    transactionTimestamp: '2026-01-31T12:00:00Z',
    description: 'Test order B',
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['CARD'],
    amount: { value: 7.25, currency: 'EUR' },
  },
  info: { deviceInfo: { browserLanguage: 'pt-PT' } },
});

export const TOKEN = 'tok_live_abcdef1234567890SECRET';
export const CLIENT_ID = 'client-9f8e7d6c5b4a3210';

export const connectionTo = (baseUrl: string, overrides: Partial<GatewayConnection> = {}): GatewayConnection => ({
  profileId: 'p1',
  baseUrl,
  pathPrefix: '/api',
  version: 'v2',
  variant: 'A',
  terminalId: '1000001',
  clientIdHeader: 'X-Platform-Client-Id',
  bearerToken: TOKEN,
  clientId: CLIENT_ID,
  ...overrides,
});
