/**
 * Issue 25 §3, the readiness check's side: it used to prove a shop's webhook by sending it a made-up
 * "Success" notification encrypted with the test profile's own webhook secret, to any URL given — a
 * notification the shop believes and the gateway never sent. Now it only re-delivers, as received, a
 * notification the gateway really sent for the profile, and only to the profile's configured webhook.
 * A real core (receiver, journal, replay gate) and a loopback shop that records what it gets.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationAck } from '@shared/notification-ack';
import { profileSettingsSchema } from '@shared/contract/profiles';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { decryptNotification } from '../../../src-main/notifications/notification-crypto';
import { startCore } from '../core/harness';
import { gatewayDelivers } from './gateway-delivers';

describe('issue 25 §3: the readiness check never forges a notification', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  let shop: Server;
  let shopUrl: string;
  /** What the shop got: the raw body and the notificationID it decrypted to. */
  const received: Array<{ body: string; notificationId: string | null }> = [];
  /** Each profile its own webhook secret, so the receiver files each delivery under the right profile. */
  const secrets = new Map<string, string>();
  const secretOf = (name: string) => {
    if (!secrets.has(name)) secrets.set(name, randomBytes(32).toString('base64'));
    return secrets.get(name)!;
  };

  const saveProfile = async (name: string, terminalId: string, extra: Record<string, unknown> = {}) => {
    const sim = harness.core.simulator!;
    const saved = await harness.core.profiles.save({
      settings: profileSettingsSchema.parse({
        name,
        environment: 'test',
        baseUrl: sim.url,
        terminalId,
        variant: 'A',
        webhookUrl: shopUrl,
        ...extra,
      }),
      secrets: { bearerToken: sim.terminals[0]!.token, clientId: sim.clientId, webhookSecret: secretOf(name) },
    });
    return saved.id;
  };
  const webhookItem = async (profileId: string, webhookUrl: string | null = null) => {
    const run = await harness.call('qa.readiness', { profileId, webhookUrl });
    return run.scenarios[2] as { status: string; message: string };
  };

  beforeAll(async () => {
    harness = await startCore();
    shop = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const iv = String(req.headers['x-initialization-vector'] ?? '');
        const tag = String(req.headers['x-authentication-tag'] ?? '');
        let notificationId: string | null = null;
        for (const secret of secrets.values()) {
          const opened = decryptNotification({ secret, iv, tag, body });
          if (opened.ok) notificationId = (opened.json as { notificationID: string }).notificationID;
        }
        received.push({ body, notificationId });
        if (notificationId === null) return void res.writeHead(403).end();
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(buildNotificationAck(notificationId)));
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/payments/notify`;
  });
  afterAll(async () => {
    shop.close();
    await harness.close();
    await harness.removeDir();
  });

  it('readiness forges a made-up notification with the test profile’s secret: with nothing received, nothing is sent', async () => {
    const profileId = await saveProfile('Fresh shop', '1000001');
    const before = received.length;
    const item = await webhookItem(profileId, shopUrl);
    expect(item.status).toBe('failed');
    expect(item.message).toMatch(/received no notification for "Fresh shop".*Nothing was sent/);
    expect(received.length).toBe(before);
  });

  it('readiness re-delivers only a notification the gateway sent, byte for byte, to the configured webhook', async () => {
    const profileId = await saveProfile('Shop with traffic', '1000001');
    const receiverUrl = (await harness.call('notifications.receiverStatus')).url as string;
    const sentByGateway = await gatewayDelivers(receiverUrl, secretOf('Shop with traffic'), '1000001');
    const journaled = (await harness.call('notifications.list', { after: 0, limit: 500 })).records as DeliveryRecord[];
    const original = journaled.find((record) => record.notification?.notificationId === sentByGateway)!;
    expect(original.profileId).toBe(profileId);

    const before = received.length;
    const item = await webhookItem(profileId);
    expect(item.status).toBe('passed');
    const got = received.slice(before);
    expect(got).toEqual([{ body: original.body, notificationId: sentByGateway }]);
  });

  it('readiness forges to a URL it is given: only the profile’s configured webhook is used', async () => {
    const profileId = (await harness.core.profiles.list()).find((p) => p.name === 'Shop with traffic')!.id;
    let foreignHits = 0;
    const foreign = createServer((_req, res) => {
      foreignHits += 1;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/steal`;
    try {
      const item = await webhookItem(profileId, foreignUrl);
      expect(item.status).toBe('failed');
      expect(item.message).toContain(`only to the webhook URL configured on "Shop with traffic" (${shopUrl})`);
      expect(foreignHits).toBe(0);
    } finally {
      foreign.close();
    }
  });

  it('readiness on a lookup-only profile re-delivers nothing', async () => {
    const profileId = await saveProfile('Desk view', '1000001', { lookupOnly: true });
    const receiverUrl = (await harness.call('notifications.receiverStatus')).url as string;
    await gatewayDelivers(receiverUrl, secretOf('Desk view'), '1000001');
    const before = received.length;
    const item = await webhookItem(profileId);
    expect(item.status).toBe('failed');
    expect(item.message).toMatch(/lookup-only profile: it can query statuses but never replay notifications/);
    expect(received.length).toBe(before);
  });
});
