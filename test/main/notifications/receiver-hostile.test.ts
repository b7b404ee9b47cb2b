/**
 * The receiver under broken and hostile input: card data in notifications, authentic notifications that
 * cannot be parsed, floods of garbage from a local process, senders that stall, credential headers.
 * What is checked is what reaches the journal on disk, the contract (`notifications.list`) and the rows
 * the renderer stores in IndexedDB.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryJournal } from '../../../src-main/notifications/delivery-journal';
import { rowFromDelivery } from '../../../src-renderer/src/services/notification-rows';
import { deliver, sampleNotification, SECRET_A, startReceiver } from './fixtures';

type Running = Awaited<ReturnType<typeof startReceiver>>;
let running: Running[] = [];
const start = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  running.push(r);
  return r;
};
afterEach(async () => {
  for (const r of running) await r.close();
  running = [];
});

const PAN = '4111111111111111';
const PAN_SPACED = '4111 1111 1111 1111';
const AMEX = 378282246310005;
/** Everything that would be card data at rest, in any of the shapes it was sent in. */
const CARD_DATA = [
  PAN,
  PAN_SPACED,
  String(AMEX),
  '"cvv":"123"',
  '"cvc2":"987"',
  'security code 4321',
  '"securityCode":"555"',
];

const withCardData = () =>
  sampleNotification({
    // A known field (token.value), unknown fields, a PAN as a JSON number, and free text.
    token: { tokenType: 'Card', value: PAN },
    card: { pan: PAN_SPACED, cvv: '123', expiry: '12/29' },
    extra: [{ name: 'cvc2', value: '987' }, { securityCode: '555' }],
    amexNumber: AMEX,
    returnStatus: { statusCode: '000', statusMsg: `Paid with ${PAN_SPACED}, security code 4321` },
  });

describe('card data never at rest', () => {
  it('masks PAN to BIN + last 4 and removes CVVs before journaling, listing or the renderer stores it', async () => {
    const { receiver, journal, dir } = await start();
    const json = withCardData();
    expect((await deliver(receiver, { json })).status).toBe(200);

    const [record] = journal.list().records;
    expect(record).toMatchObject({ verdict: 'accepted', bodyWithheld: 'card-data', body: '' });
    expect(record?.bodySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record?.plaintext).toContain('411111••••••1111');
    expect(record?.notification?.token?.value).toBe('411111••••••1111');
    expect(record?.notification?.transactionId).toBe(json.transactionID);

    // The journal on disk (and anything else in the folder), the contract's answer and the renderer's row.
    const onDisk = readdirSync(join(dir, 'notifications')).map((name) =>
      readFileSync(join(dir, 'notifications', name), 'utf8'),
    );
    const row = rowFromDelivery(record!);
    for (const sink of [...onDisk, JSON.stringify(journal.list()), JSON.stringify(row)])
      for (const secret of CARD_DATA) expect(sink).not.toContain(secret);
  });

  it('keeps the encrypted body and the exact plaintext when there is no card data to remove', async () => {
    const { receiver, journal } = await start();
    const json = sampleNotification();
    await deliver(receiver, { json });
    const [record] = journal.list().records;
    expect(record?.plaintext).toBe(JSON.stringify(json));
    expect(record?.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(record?.bodyWithheld).toBeUndefined();
  });

  it('masks a registered secret echoed in a notification, and a webhook secret echoed base64-encoded', async () => {
    const { receiver, journal } = await start();
    const echoed = Buffer.from(SECRET_A).toString('base64');
    await deliver(receiver, { json: sampleNotification({ note: `secret ${SECRET_A} / ${echoed}` }) });
    const text = readFileSync(journal.path, 'utf8');
    expect(text).not.toContain(SECRET_A);
    expect(text).not.toContain(echoed);
  });
});

describe('authentic but unparseable notifications are acknowledged, never refused for ever', () => {
  it.each([
    ['not JSON', 'status=ok&notificationID=x', 'plaintext-not-json', ''],
    ['JSON without notificationID', '{"paymentStatus":"Success"}', 'not-a-notification', ''],
    [
      'JSON nested 8,000 levels deep',
      `{"notificationID":"deep-1","extra":${'['.repeat(8_000)}${']'.repeat(8_000)}}`,
      'plaintext-not-json',
      'deep-1',
    ],
  ])(
    '%s: journaled as unparseable with why, answered 200 with the id it could read',
    async (_name, plaintext, code, id) => {
      const { receiver, journal } = await start();
      const first = await deliver(receiver, { plaintext });
      const retry = await deliver(receiver, { plaintext });
      for (const answer of [first, retry]) {
        expect(answer.status).toBe(200);
        expect(answer.json()).toEqual({ statusCode: '200', statusMsg: 'Success', notificationID: id });
      }
      expect(journal.list().records[0]).toMatchObject({
        verdict: 'accepted',
        httpStatus: 200,
        problem: { code },
        profileId: 'sandbox',
        notification: null,
      });
    },
  );
});

describe('credential headers', () => {
  it('masks X-Api-Key and any other credential-looking header in the journal, keeps the IV and tag', async () => {
    const { receiver, journal } = await start();
    await deliver(receiver, {
      headers: { 'x-api-key': 'ak_live_51HxZ2eKk9', 'x-session-token': 'abc', 'x-opaque': 'Q2hhcmxpZTEyMzQ1Njc4OTA' },
    });
    const [record] = journal.list().records;
    expect(record?.headers['x-api-key']).toBe('••••eKk9');
    expect(record?.headers['x-session-token']).toBe('••••');
    expect(record?.headers['x-opaque']).toBe('••••4OTA');
    expect(record?.headers['x-initialization-vector']).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(readFileSync(journal.path, 'utf8')).not.toContain('ak_live_51HxZ2eKk9');
  });
});

describe('floods and slow senders', () => {
  it('40 garbage posts of 1 MiB keep a bounded journal, and genuine notifications are still acknowledged', async () => {
    const { receiver, journal } = await start({ maxBodyBytes: 2 * 1024 * 1024 });
    const garbage = 'G'.repeat(1024 * 1024);
    const genuine: Array<Promise<{ status: number }>> = [];
    const answers: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      answers.push((await deliver(receiver, { body: garbage })).status);
      if (index % 10 === 5) genuine.push(deliver(receiver, { json: sampleNotification() }));
    }
    expect((await Promise.all(genuine)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await deliver(receiver, { json: sampleNotification() })).status).toBe(200);
    // Refused ones keep a 4 KiB prefix and a hash; past 30 a minute from one source they are not journaled.
    expect(answers.filter((status) => status === 429).length).toBe(10);
    expect(statSync(journal.path).size).toBeLessThan(300 * 1024);
    const refused = journal.list(0, 500).records.filter((record) => record.verdict === 'rejected');
    expect(refused).toHaveLength(30);
    for (const record of refused) {
      expect(record.body.length).toBe(4096);
      expect(record).toMatchObject({ bodyTruncated: true, bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
    expect(receiver.status().suppressedDeliveries).toBe(10);
  }, 60_000);

  it('rotates the journal past its size budget, keeping the newest deliveries listed and on disk', async () => {
    const { dir, stop } = await start();
    await stop();
    const journal = await DeliveryJournal.open(join(dir, 'budget'), { maxFileBytes: 4_000 });
    const draft = (n: number) => ({
      id: `d${n}`,
      receivedAt: new Date().toISOString(),
      remoteAddress: '127.0.0.1',
      method: 'POST',
      path: '/notifications',
      headers: {},
      body: 'x'.repeat(900),
      bodyEncoding: 'utf8' as const,
      bodyTruncated: false,
      verdict: 'rejected' as const,
      httpStatus: 403,
      problem: { code: 'authentication-failed' as const, message: 'no' },
      profileId: null,
      plaintext: null,
      notification: null,
    });
    for (let n = 1; n <= 30; n += 1) await journal.append(draft(n));
    const files = readdirSync(join(dir, 'budget'));
    expect(files.sort()).toEqual(['deliveries.1.jsonl', 'deliveries.jsonl']);
    for (const file of files) expect(statSync(join(dir, 'budget', file)).size).toBeLessThanOrEqual(4_000);
    const listed = journal.list(0, 500).records;
    expect(listed.at(-1)?.seq).toBe(30);
    expect(listed.length).toBeLessThan(10);
    await journal.close();
    const reopened = await DeliveryJournal.open(join(dir, 'budget'), { maxFileBytes: 4_000 });
    expect(reopened.list(0, 500).records.map((record) => record.seq)).toEqual(listed.map((record) => record.seq));
    await reopened.close();
  });

  it('cuts off a sender that stalls mid-body at the configured limit, not minutes later', async () => {
    const { receiver } = await start({ requestTimeoutMs: 500 });
    const port = receiver.status().port!;
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n0123456789');
      });
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
    });
    expect(closedAfter).toBeGreaterThanOrEqual(450);
    expect(closedAfter).toBeLessThan(2_500);
  });
});
