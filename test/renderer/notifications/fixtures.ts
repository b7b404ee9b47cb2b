import type { DeliveryRecord } from '@shared/contract/notifications';
import { parseNotification } from '@shared/notification';
import { T0 } from '../db/fixtures';

export const TX = 's2notif000000000001';

/** A notification's plaintext JSON as the gateway sends it (mixed types included). */
export function notificationJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    paymentStatus: 'Success',
    paymentMethod: 'MBWAY',
    transactionID: TX,
    transactionDateTime: '2026-01-01T10:00:00.000 ',
    amount: { currency: 'EUR', value: '16.2' },
    merchant: { transactionId: 'order-77', terminalId: 1000001 },
    paymentType: 'PURS',
    notificationID: 'aaaaaaaa-0000-4000-8000-000000000001',
    ...overrides,
  };
}

/** A journaled delivery: accepted with the given plaintext JSON, or refused with a problem. */
export function makeDelivery(
  seq: number,
  json: Record<string, unknown> | null = notificationJson(),
  overrides: Partial<DeliveryRecord> = {},
): DeliveryRecord {
  const parsed = json ? parseNotification(json) : null;
  return {
    seq,
    id: `delivery-${seq}`,
    receivedAt: new Date(T0 + seq * 1000).toISOString(),
    remoteAddress: '127.0.0.1',
    method: 'POST',
    path: '/notifications',
    headers: {
      'content-type': 'text/plain',
      'x-initialization-vector': 'AAAAAAAAAAAAAAAA',
      'x-authentication-tag': 'AAAAAAAAAAAAAAAAAAAAAA==',
    },
    body: 'Y2lwaGVydGV4dA==',
    bodyEncoding: 'utf8',
    bodyTruncated: false,
    verdict: json ? 'accepted' : 'rejected',
    httpStatus: json ? 200 : 403,
    problem: json
      ? null
      : { code: 'authentication-failed', message: 'No configured webhook secret authenticates this notification.' },
    profileId: json ? 'sandbox' : null,
    plaintext: json ? JSON.stringify(json) : null,
    notification: parsed?.ok ? parsed.notification : null,
    duplicate: false,
    duplicateOfSeq: null,
    ...overrides,
  };
}
