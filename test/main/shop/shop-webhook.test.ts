/**
 * The shop's webhook (issue 29 §1): with its URL set on the Traffic view, the shop world delivers its
 * notifications there (encrypted with the webhook secret the view shows), and each delivery with the
 * shop's acknowledgement lands in main's record beside the shop's calls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src-shared/contract/shop';
import type { ShopNotification } from '../../../src-shared/shop/traffic';
import { decryptNotification } from '../../../src-main/notifications/notification-crypto';
import { startCore } from '../core/harness';
import { shopCreates } from './shop-core';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The shop's webhook receiver: decrypts with the secret it was given and acknowledges as the interface says. */
async function shopReceiver(secret: () => string): Promise<{ url: string; received: unknown[] }> {
  const received: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const clear = decryptNotification({
        secret: secret(),
        iv: String(req.headers['x-initialization-vector']),
        tag: String(req.headers['x-authentication-tag']),
        body,
      });
      const notification = clear.ok ? (clear.json as { notificationID?: string }) : {};
      received.push(notification);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ statusCode: '200', statusMsg: 'Success', notificationID: notification.notificationID }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, received };
}

describe('the shop’s webhook', () => {
  it('the shop world notifies the shop’s own webhook, and the delivery with its acknowledgement is in the record', async () => {
    const harness = await startCore();
    cleanups.push(async () => {
      await harness.close();
      await harness.removeDir();
    });
    let connection = (await harness.call('shop.connection')) as ShopConnection;
    const receiver = await shopReceiver(() => connection.webhookSecret);
    connection = (await harness.call('shop.setWebhook', { url: receiver.url })) as ShopConnection;
    expect(connection.webhookUrl).toBe(receiver.url);

    const { transactionID } = await shopCreates(connection);
    await harness.call('shop.shopperOutcome', { transactionId: transactionID, outcome: 'decline' });

    await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const notifications = async () =>
      ((await harness.call('shop.traffic', { after: 0 })).entries as Array<{ shop: { kind: string } }>)
        .map((record) => record.shop)
        .filter((entry): entry is ShopNotification => entry.kind === 'notification');
    await expect.poll(async () => (await notifications()).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const [delivered] = await notifications();
    expect(delivered).toMatchObject({
      transactionID,
      paymentStatus: 'Declined',
      url: receiver.url,
      acknowledged: true,
    });
    // The console's own receiver got nothing of the shop's world.
    expect((await harness.call('notifications.list', {})).records).toEqual([]);
  });
});
