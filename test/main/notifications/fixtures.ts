import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeliveryJournal } from '../../../src-main/notifications/delivery-journal';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import {
  NotificationReceiver,
  type ReceiverOptions,
  type SecretCandidate,
} from '../../../src-main/notifications/receiver';
import type { DeliveryRecord } from '@shared/contract/notifications';

export const SECRET_A = Buffer.alloc(32, 0xa1).toString('base64');
export const SECRET_B = Buffer.alloc(32, 0xb2).toString('base64');

export const candidates: SecretCandidate[] = [
  { profileId: 'sandbox', terminalId: '99978', secret: SECRET_A },
  { profileId: 'test-shop', terminalId: '1000000', secret: SECRET_B },
];

let counter = 0;

/** A notification shaped like the gateway's published samples, with a fresh notificationID. */
export function sampleNotification(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    paymentStatus: 'Success',
    paymentMethod: 'MBWAY',
    transactionID: `s2TESTTRANSACTION${String(counter).padStart(3, '0')}`,
    transactionDateTime: '2024-03-05T14:07:09.123Z ',
    amount: { currency: 'EUR', value: '16.20' },
    merchant: { transactionId: `order-${counter}`, terminalId: '99978', inApp: 'false' },
    paymentType: 'PURS',
    notificationID: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ...overrides,
  };
}

export interface Delivery {
  secret?: string;
  json?: unknown;
  plaintext?: string;
  headers?: Record<string, string>;
  path?: string;
  method?: string;
  body?: string | Buffer;
}

/** POSTs a notification the way the gateway does (text/plain, IV and tag headers). */
export interface Answer {
  status: number;
  text: string;
  json(): unknown;
}

export function deliver(receiver: NotificationReceiver, delivery: Delivery = {}): Promise<Answer> {
  const plaintext = delivery.plaintext ?? JSON.stringify(delivery.json ?? sampleNotification());
  const wire = encryptNotification({ secret: delivery.secret ?? SECRET_A, plaintext });
  const port = receiver.status().port;
  if (port === null) throw new Error('receiver is not listening');
  return post(`http://127.0.0.1:${port}${delivery.path ?? '/notifications'}`, {
    method: delivery.method ?? 'POST',
    headers: {
      'content-type': 'text/plain',
      'x-initialization-vector': wire.iv,
      'x-authentication-tag': wire.tag,
      ...delivery.headers,
    },
    body: delivery.body ?? wire.body,
  });
}

async function post(url: string, init: { method: string; headers: Record<string, string>; body: string | Buffer }) {
  const response = await fetch(url, {
    ...init,
    body: init.body === '' ? null : new Uint8Array(Buffer.from(init.body)),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

/** A temp user-data folder with a journal and a started loopback receiver; `close()` removes it all. */
export async function startReceiver(options: Partial<ReceiverOptions> & { dir?: string } = {}) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'notifications-')));
  const journal = options.journal ?? (await DeliveryJournal.open(join(dir, 'notifications')));
  const delivered: DeliveryRecord[] = [];
  const receiver = new NotificationReceiver({
    secretsProvider: () => candidates,
    onDelivery: (record) => delivered.push(record),
    ...options,
    journal,
  });
  await receiver.start();
  return {
    dir,
    journal,
    receiver,
    delivered,
    /** Stops the receiver and closes the journal but keeps the folder (for restart tests). */
    stop: async () => {
      await receiver.stop();
      await journal.close();
    },
    close: async () => {
      await receiver.stop();
      await journal.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
