/**
 * Issue 25 §3: the console cannot be used to forge the gateway. A replay speaks with the gateway's
 * authority (the shop believes what decrypts with its webhook secret), so each test attacks it the way a
 * curious support agent or a hostile page would — a made-up payload, a lookup-only profile, production
 * without the typed name, a foreign URL, an edited journal — against a real receiver and journal, with
 * real loopback "shops" that record every request they get: refused means nothing arrived.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { methods } from '@shared/contract';
import { buildNotificationAck } from '@shared/notification-ack';
import type { StoredProfile } from '../../../src-main/core/profiles/profile-file';
import { ConsoleFailure } from '@shared/result';
import { createNotificationsHandlers } from '../../../src-main/core/handlers/notifications-handlers';
import { decryptNotification } from '../../../src-main/notifications/notification-crypto';
import type { SecretCandidate } from '../../../src-main/notifications/receiver';
import { deliver, sampleNotification, startReceiver } from './fixtures';

const secretOf = (byte: number) => Buffer.alloc(32, byte).toString('base64');
const SANDBOX_SECRET = secretOf(0x51);
const TEST_SECRET = secretOf(0x52);
const PRODUCTION_SECRET = secretOf(0x53);
const DESK_SECRET = secretOf(0x54);

let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

interface Hit {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A shop's webhook: records every request, and acknowledges what decrypts with its secret. */
async function shopWebhook(secret: string): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ url: req.url ?? '', headers: req.headers, body });
      const opened = decryptNotification({
        secret,
        iv: String(req.headers['x-initialization-vector'] ?? ''),
        tag: String(req.headers['x-authentication-tag'] ?? ''),
        body,
      });
      if (!opened.ok) return void res.writeHead(403).end();
      const id = (opened.json as { notificationID: string }).notificationID;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(buildNotificationAck(id)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop/notify`, hits };
}

const stored = (profile: Partial<StoredProfile> & Pick<StoredProfile, 'id' | 'name' | 'environment'>) =>
  ({
    baseUrl: 'https://gateway.example',
    pathPrefix: '/api',
    version: 'v2',
    terminalId: '1',
    variant: 'A',
    clientIdHeader: 'X-Platform-Client-Id',
    managed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...profile,
  }) satisfies StoredProfile;

async function setup() {
  const sandboxShop = await shopWebhook(SANDBOX_SECRET);
  const testShop = await shopWebhook(TEST_SECRET);
  const productionShop = await shopWebhook(PRODUCTION_SECRET);
  const deskShop = await shopWebhook(DESK_SECRET);
  const foreign = await shopWebhook(PRODUCTION_SECRET);
  const profiles = new Map<string, StoredProfile>(
    [
      stored({ id: 'sandbox-a', name: 'Sandbox', environment: 'sandbox', terminalId: '1000001' }),
      stored({ id: 'test-shop', name: 'Shop test', environment: 'test', terminalId: '2000002' }),
      stored({ id: 'prod-shop', name: 'Shop LIVE', environment: 'production', terminalId: '3000003' }),
      stored({ id: 'desk', name: 'Support desk', environment: 'test', terminalId: '4000004', lookupOnly: true }),
      stored({ id: 'no-hook', name: 'No webhook', environment: 'test', terminalId: '5000005' }),
    ].map((profile) => [profile.id, profile]),
  );
  profiles.get('sandbox-a')!.webhookUrl = sandboxShop.url;
  profiles.get('test-shop')!.webhookUrl = testShop.url;
  profiles.get('prod-shop')!.webhookUrl = productionShop.url;
  profiles.get('desk')!.webhookUrl = deskShop.url;
  const secrets: Record<string, string> = {
    'sandbox-a': SANDBOX_SECRET,
    'test-shop': TEST_SECRET,
    'prod-shop': PRODUCTION_SECRET,
    desk: DESK_SECRET,
    'no-hook': secretOf(0x55),
  };
  const candidates: SecretCandidate[] = [...profiles.values()].map((profile) => ({
    profileId: profile.id,
    terminalId: profile.terminalId,
    secret: secrets[profile.id]!,
  }));
  const running = await startReceiver({ secretsProvider: () => candidates });
  cleanups.push(running.close);
  const handlers = createNotificationsHandlers({
    journal: running.journal,
    receiver: running.receiver,
    webhookSecretOf: (profileId) => secrets[profileId] ?? null,
    profiles: {
      stored: (id) => {
        const profile = profiles.get(id);
        if (!profile) throw new ConsoleFailure('not-found', `There is no profile with id "${id}".`);
        return profile;
      },
    },
    masksCustomerData: () => false,
  });
  /** A notification the receiver really accepts for `profileId`: returns its journal seq. */
  const receive = async (profileId: string, overrides: Record<string, unknown> = {}) => {
    const profile = profiles.get(profileId)!;
    const json = sampleNotification({
      merchant: { transactionId: `order-${profileId}`, terminalId: profile.terminalId },
      ...overrides,
    });
    const answer = await deliver(running.receiver, { secret: secrets[profileId]!, json });
    expect(answer.status).toBe(200);
    return { seq: running.journal.size, json };
  };
  /**
   * Calls replay the way every shell does (contract schema first, then the handler); answers the
   * refusal's code, or the result when it went through.
   */
  const replay = async (input: unknown) => {
    const parsed = methods['notifications.replay'].input.safeParse(input);
    if (!parsed.success) return { refused: 'invalid-input' };
    try {
      return { result: await handlers['notifications.replay'](parsed.data) };
    } catch (error) {
      if (error instanceof ConsoleFailure) return { refused: error.code, message: error.message };
      throw error;
    }
  };
  const shops = { sandboxShop, testShop, productionShop, deskShop, foreign };
  const totalHits = () => Object.values(shops).reduce((sum, shop) => sum + shop.hits.length, 0);
  return { ...running, ...shops, profiles, receive, replay, totalHits };
}

/** A made-up "Success, 1999.00 EUR" the gateway never sent. */
const madeUp = () =>
  sampleNotification({
    amount: { currency: 'EUR', value: '1999.00' },
    merchant: { transactionId: 'order-9999', terminalId: '3000003' },
  });

describe('issue 25 §3: replay cannot forge the gateway', () => {
  it('replay forges a made-up payload ("Success, 1999.00 EUR", 20 copies) with a production secret: refused, nothing reaches any shop', async () => {
    const { replay, productionShop, totalHits } = await setup();
    const forged = madeUp();
    for (const secret of [{ profileId: 'prod-shop' }, { profileId: 'test-shop' }, { typed: PRODUCTION_SECRET }]) {
      const attempt = await replay({
        url: productionShop.url,
        secret,
        notifications: [{ json: forged }],
        mode: 'duplicates',
        copies: 20,
      });
      expect(attempt).toMatchObject({ refused: 'invalid-input' });
    }
    // Even without the extras, a payload is not a reference to something received.
    expect(await replay({ notifications: [{ json: forged }] })).toMatchObject({ refused: 'invalid-input' });
    expect(totalHits()).toBe(0);
  });

  it('replay forges as a lookup-only agent: refused with lookup-only, nothing sent', async () => {
    const { replay, receive, deskShop, foreign, totalHits } = await setup();
    const { seq } = await receive('desk');
    // Today's way in: any URL, the profile's secret chosen by id.
    expect(
      await replay({ url: foreign.url, secret: { profileId: 'desk' }, notifications: [{ journalSeq: seq }] }),
    ).toMatchObject({ refused: 'invalid-input' });
    // Even its own received notification, to its own webhook.
    const asked = await replay({ notifications: [{ journalSeq: seq }] });
    expect(asked).toMatchObject({ refused: 'lookup-only' });
    expect(asked.message).toMatch(/Support desk.*lookup-only.*Nothing was sent/);
    expect(deskShop.hits).toHaveLength(0);
    expect(totalHits()).toBe(0);
  });

  it('replay forges on a production profile without the typed confirmation: refused; with the name typed it re-delivers', async () => {
    const { replay, receive, productionShop, totalHits } = await setup();
    const { seq } = await receive('prod-shop');
    expect(
      await replay({
        url: productionShop.url,
        secret: { profileId: 'prod-shop' },
        notifications: [{ journalSeq: seq }],
      }),
    ).toMatchObject({ refused: 'invalid-input' });
    expect(await replay({ notifications: [{ journalSeq: seq }] })).toMatchObject({
      refused: 'confirmation-required',
    });
    expect(
      await replay({ notifications: [{ journalSeq: seq }], confirmation: { profileName: 'Shop test' } }),
    ).toMatchObject({ refused: 'confirmation-mismatch' });
    expect(totalHits()).toBe(0);

    const confirmed = await replay({
      notifications: [{ journalSeq: seq }],
      confirmation: { profileName: 'Shop LIVE' },
    });
    expect(confirmed).toMatchObject({
      result: { allAcknowledged: true, profileId: 'prod-shop', url: productionShop.url },
    });
    expect(productionShop.hits).toHaveLength(1);
  });

  it('replay forges to a foreign URL: a URL cannot be given, only the profile’s configured webhook is used', async () => {
    const { replay, receive, foreign, testShop, totalHits } = await setup();
    const { seq } = await receive('test-shop');
    expect(
      await replay({ url: foreign.url, secret: { profileId: 'test-shop' }, notifications: [{ journalSeq: seq }] }),
    ).toMatchObject({ refused: 'invalid-input' });
    expect(await replay({ url: foreign.url, notifications: [{ journalSeq: seq }] })).toMatchObject({
      refused: 'invalid-input',
    });
    expect(totalHits()).toBe(0);

    const sent = await replay({ notifications: [{ journalSeq: seq }] });
    expect(sent).toMatchObject({ result: { url: testShop.url, sends: [{ url: testShop.url, httpStatus: 200 }] } });
    expect(foreign.hits).toHaveLength(0);
    expect(testShop.hits).toHaveLength(1);
  });

  it('replay re-delivers exactly the bytes received (body, IV and tag), copies bounded', async () => {
    const { replay, receive, journal, sandboxShop } = await setup();
    const { seq, json } = await receive('sandbox-a');
    const original = journal.get(seq)!;
    const sent = await replay({ notifications: [{ journalSeq: seq }], mode: 'duplicates', copies: 3 });
    expect(sent.result?.sends.map((send) => send.verdict.ok)).toEqual([true, true, true]);
    expect(sandboxShop.hits).toHaveLength(3);
    for (const hit of sandboxShop.hits) {
      expect(hit.body).toBe(original.body);
      expect(hit.headers['x-initialization-vector']).toBe(original.headers['x-initialization-vector']);
      expect(hit.headers['x-authentication-tag']).toBe(original.headers['x-authentication-tag']);
      const opened = decryptNotification({
        secret: SANDBOX_SECRET,
        iv: String(hit.headers['x-initialization-vector']),
        tag: String(hit.headers['x-authentication-tag']),
        body: hit.body,
      });
      expect(opened.ok && opened.json).toEqual(json);
    }
    // Unbounded copies (up to 20 of each, 50 notifications: 1000 POSTs) are not accepted any more.
    expect(await replay({ notifications: [{ journalSeq: seq }], mode: 'duplicates', copies: 20 })).toMatchObject({
      refused: 'invalid-input',
    });
    expect(await replay({ notifications: [{ journalSeq: seq }, { journalSeq: seq }] })).toMatchObject({
      refused: 'duplicate-reference',
    });
    expect(sandboxShop.hits).toHaveLength(3);
  });

  it('replay caps a whole replay at 50 POSTs before sending any', async () => {
    const { replay, receive, sandboxShop } = await setup();
    const seqs = [];
    for (let i = 0; i < 11; i += 1) seqs.push((await receive('sandbox-a')).seq);
    const asked = await replay({
      notifications: seqs.map((journalSeq) => ({ journalSeq })),
      mode: 'duplicates',
      copies: 5,
    });
    expect(asked).toMatchObject({ refused: 'too-many-sends' });
    expect(sandboxShop.hits).toHaveLength(0);
  });

  it('replay forges from an edited journal: bytes that do not decrypt to the journaled notification are refused', async () => {
    const { replay, receive, journal, sandboxShop } = await setup();
    const { seq } = await receive('sandbox-a');
    const record = journal.get(seq)!;
    // What an edit of deliveries.jsonl would do: the plaintext claims 1999.00, the bytes say otherwise.
    record.plaintext = record.plaintext!.replace('"16.20"', '"1999.00"');
    expect(await replay({ notifications: [{ journalSeq: seq }] })).toMatchObject({ refused: 'not-replayable' });
    // And a body swapped for one made with another key.
    const other = journal.get((await receive('test-shop')).seq)!;
    const swapped = journal.get((await receive('sandbox-a')).seq)!;
    swapped.body = other.body;
    expect(await replay({ notifications: [{ journalSeq: swapped.seq }] })).toMatchObject({
      refused: 'not-replayable',
    });
    expect(sandboxShop.hits).toHaveLength(0);
  });

  it('refuses what was never received, mixed profiles, and a profile without a webhook URL, sending nothing', async () => {
    const { replay, receive, receiver, totalHits } = await setup();
    await deliver(receiver, { secret: secretOf(0x77) }); // refused by the receiver, journaled as rejected
    expect(await replay({ notifications: [{ journalSeq: 1 }] })).toMatchObject({ refused: 'not-replayable' });
    expect(await replay({ notifications: [{ journalSeq: 99 }] })).toMatchObject({ refused: 'not-found' });
    const a = await receive('sandbox-a');
    const b = await receive('test-shop');
    expect(await replay({ notifications: [{ journalSeq: a.seq }, { journalSeq: b.seq }] })).toMatchObject({
      refused: 'mixed-profiles',
    });
    const none = await receive('no-hook');
    expect(await replay({ notifications: [{ journalSeq: none.seq }] })).toMatchObject({ refused: 'no-webhook-url' });
    expect(totalHits()).toBe(0);
  });

  it('a notification whose bytes were withheld (card data) is not re-encrypted from its redacted text', async () => {
    const { replay, receive, journal, sandboxShop } = await setup();
    const { seq } = await receive('sandbox-a', {
      paymentMethod: 'CARD',
      card: { number: '4111111111111111', cvv: '123' },
    });
    expect(journal.get(seq)?.bodyWithheld).toBe('card-data');
    expect(await replay({ notifications: [{ journalSeq: seq }] })).toMatchObject({ refused: 'not-replayable' });
    expect(sandboxShop.hits).toHaveLength(0);
  });
});
