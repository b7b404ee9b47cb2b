import { randomUUID } from 'node:crypto';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';

/**
 * POSTs a notification to `url` the way the gateway does (AES-256-GCM with the profile's webhook secret,
 * IV and tag headers) and answers its notificationID once the receiver acknowledged it.
 */
export async function gatewayDelivers(url: string, secret: string, terminalId: string): Promise<string> {
  const notificationID = randomUUID();
  const plaintext = JSON.stringify({
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    paymentStatus: 'Success',
    paymentMethod: 'MBWAY',
    transactionID: `s2READINESS${notificationID.slice(0, 8)}`,
    transactionDateTime: new Date().toISOString(),
    amount: { currency: 'EUR', value: '3.00' },
    merchant: { transactionId: `order-${notificationID.slice(0, 8)}`, terminalId },
    paymentType: 'PURS',
    notificationID,
  });
  const wire = encryptNotification({ secret, plaintext });
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      'x-initialization-vector': wire.iv,
      'x-authentication-tag': wire.tag,
    },
    body: wire.body,
  });
  if (response.status !== 200) throw new Error(`the receiver answered ${response.status}: ${await response.text()}`);
  return notificationID;
}
