import { readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationReceiver, isLoopbackHost } from '../../../src-main/notifications/receiver';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { DeliveryJournal } from '../../../src-main/notifications/delivery-journal';
import { candidates, deliver, sampleNotification, SECRET_A, SECRET_B, startReceiver } from './fixtures';

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

const flipFirstByte = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return bytes.toString('base64');
};

describe('notification receiver', () => {
  it('journals a good delivery durably, then acknowledges it per the spec', async () => {
    const { receiver, journal, delivered } = await start({
      // Runs after the journal write and before the answer: the line must already be on disk.
      onDelivery: (record) => {
        expect(readFileSync(journal.path, 'utf8')).toContain(record.id);
        delivered.push(record);
      },
    });
    const json = sampleNotification();
    const response = await deliver(receiver, { json });

    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ statusCode: '200', statusMsg: 'Success', notificationID: json.notificationID });
    expect(delivered).toHaveLength(1);
    const [record] = journal.list().records;
    expect(record).toMatchObject({
      seq: 1,
      verdict: 'accepted',
      httpStatus: 200,
      problem: null,
      profileId: 'sandbox',
      method: 'POST',
      path: '/notifications',
      bodyEncoding: 'utf8',
      duplicate: false,
      plaintext: JSON.stringify(json),
      notification: {
        notificationId: json.notificationID,
        merchantOrderId: 'order-1',
        terminalId: '99978',
        inApp: false,
      },
    });
    // Raw headers and the ciphertext body are kept as received.
    expect(record?.headers['content-type']).toBe('text/plain');
    expect(record?.headers['x-initialization-vector']).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(record?.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(delivered[0]).toEqual(record);
  });

  it('finds the right profile among several secrets', async () => {
    const { receiver, journal } = await start();
    const json = sampleNotification({ merchant: { transactionId: 'o-9', terminalId: 1000000 } });
    expect((await deliver(receiver, { json, secret: SECRET_B })).status).toBe(200);
    expect(journal.list().records[0]?.profileId).toBe('test-shop');
  });

  it('a tampered tag is refused (non-200, no ack) and journaled as bad with its raw delivery', async () => {
    const { receiver, journal } = await start();
    const wire = encryptNotification({ secret: SECRET_A, plaintext: JSON.stringify(sampleNotification()) });
    const tag = flipFirstByte(wire.tag);
    const response = await deliver(receiver, {
      headers: { 'x-initialization-vector': wire.iv, 'x-authentication-tag': tag },
      body: wire.body,
    });
    expect(response.status).toBe(403);
    expect(response.text).not.toMatch(/statusMsg/);
    const [record] = journal.list().records;
    expect(record).toMatchObject({
      verdict: 'rejected',
      httpStatus: 403,
      problem: { code: 'authentication-failed' },
      body: wire.body,
      notification: null,
      plaintext: null,
      profileId: null,
    });
    expect(record?.headers['x-authentication-tag']).toBe(tag);
  });

  it('a notification encrypted with an unknown key is refused and journaled', async () => {
    const { receiver, journal } = await start();
    const response = await deliver(receiver, { secret: Buffer.alloc(32, 9).toString('base64') });
    expect(response.status).toBe(403);
    expect(journal.list().records[0]?.problem?.message).toMatch(/None of the 2 webhook secret/);
  });

  it.each([
    ['a missing IV header', { 'x-initialization-vector': '' }, 'iv-missing'],
    ['a non-base64 tag', { 'x-authentication-tag': 'not base64!' }, 'tag-not-base64'],
    ['a 16-byte IV', { 'x-initialization-vector': Buffer.alloc(16).toString('base64') }, 'iv-wrong-length'],
  ])('%s is refused with 400 and its specific problem', async (_label, headers, code) => {
    const { receiver, journal } = await start();
    const response = await deliver(receiver, { headers });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ error: code });
    expect(journal.list().records[0]?.problem?.code).toBe(code);
  });

  it('an empty body is refused as such', async () => {
    const { receiver, journal } = await start();
    expect((await deliver(receiver, { body: '' })).status).toBe(400);
    expect(journal.list().records[0]?.problem?.code).toBe('body-empty');
  });

  it('authentic but unusable plaintext (not JSON, no notificationID) is journaled and acknowledged, naming the profile', async () => {
    const { receiver, journal } = await start();
    expect((await deliver(receiver, { plaintext: 'status=ok' })).status).toBe(200);
    expect((await deliver(receiver, { json: { paymentStatus: 'Success' } })).status).toBe(200);
    const [notJson, noId] = journal.list().records;
    expect(notJson).toMatchObject({ problem: { code: 'plaintext-not-json' }, profileId: 'sandbox' });
    expect(noId).toMatchObject({ problem: { code: 'not-a-notification' }, plaintext: '{"paymentStatus":"Success"}' });
  });

  it('checks merchant.terminalId against the profiles sharing the secret that fitted', async () => {
    const shared = [
      { profileId: 'shop-1', terminalId: '111', secret: SECRET_A },
      { profileId: 'shop-2', terminalId: '222', secret: SECRET_A },
    ];
    const { receiver, journal } = await start({ secretsProvider: () => shared });
    const forShop2 = sampleNotification({ merchant: { transactionId: 'x', terminalId: 222 } });
    expect((await deliver(receiver, { json: forShop2 })).status).toBe(200);
    const stray = sampleNotification({ merchant: { transactionId: 'y', terminalId: '333' } });
    expect((await deliver(receiver, { json: stray })).status).toBe(422);
    const [good, bad] = journal.list().records;
    expect(good?.profileId).toBe('shop-2');
    expect(bad).toMatchObject({ verdict: 'rejected', problem: { code: 'terminal-mismatch' } });
    expect(bad?.notification?.terminalId).toBe('333');
  });

  it('refuses everything (so the gateway retries) while no profile has a usable webhook secret', async () => {
    const { receiver, journal } = await start({ secretsProvider: () => [] });
    expect((await deliver(receiver)).status).toBe(503);
    expect(journal.list().records[0]?.problem?.code).toBe('no-webhook-secrets');
  });

  it('journals and refuses a delivery when the webhook secrets cannot be read (locked keychain)', async () => {
    const { receiver, journal } = await start({
      secretsProvider: () => Promise.reject(new Error('keychain is locked')),
    });
    const response = await deliver(receiver);
    expect(response.status).toBe(503);
    expect(journal.list().records[0]?.problem).toEqual({
      code: 'no-webhook-secrets',
      message: 'The webhook secrets could not be read (keychain is locked).',
    });
  });

  it('flags a redelivery of the same notificationID as a duplicate and still acknowledges it', async () => {
    const { receiver, journal, delivered } = await start();
    const json = sampleNotification();
    const first = await deliver(receiver, { json });
    const second = await deliver(receiver, { json });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json()).toMatchObject({ notificationID: json.notificationID });
    expect(journal.list().records.map((r) => [r.seq, r.duplicate, r.duplicateOfSeq])).toEqual([
      [1, false, null],
      [2, true, 1],
    ]);
    expect(delivered[1]?.duplicate).toBe(true);
  });

  it('concurrent deliveries of one notification: exactly one is the original', async () => {
    const { receiver, journal } = await start();
    const json = sampleNotification();
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(receiver, { json })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(journal.list().records.filter((r) => !r.duplicate)).toHaveLength(1);
  });

  it('the journal survives a restart: records are listed again and duplicates still recognised', async () => {
    const first = await start();
    const json = sampleNotification();
    await deliver(first.receiver, { json });
    await deliver(first.receiver, { secret: Buffer.alloc(32, 1).toString('base64') });
    await first.stop();

    const second = await start({ dir: first.dir });
    expect(second.journal.list().records.map((r) => r.verdict)).toEqual(['accepted', 'rejected']);
    expect((await deliver(second.receiver, { json })).status).toBe(200);
    expect(second.journal.list(2).records[0]).toMatchObject({ seq: 3, duplicate: true, duplicateOfSeq: 1 });
    expect(second.receiver.status().deliveries).toBe(3);
  });

  it('a journal write failure answers 503 without an acknowledgement, and says so in the status', async () => {
    const { receiver, journal, delivered } = await start();
    vi.spyOn(journal, 'append').mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    const response = await deliver(receiver);
    expect(response.status).toBe(503);
    expect(response.text).not.toMatch(/notificationID/);
    expect(journal.size).toBe(0);
    expect(delivered).toHaveLength(0);
    expect(receiver.status().warning).toMatch(/ENOSPC/);

    // The gateway's retry then succeeds and the warning clears.
    expect((await deliver(receiver)).status).toBe(200);
    expect(receiver.status().warning).toBeNull();
  });

  it('journals deliveries to the wrong path or with the wrong method, refusing them', async () => {
    const { receiver, journal } = await start();
    expect((await deliver(receiver, { path: '/webhook' })).status).toBe(404);
    expect((await deliver(receiver, { method: 'PUT' })).status).toBe(405);
    expect(journal.list().records.map((r) => [r.path, r.method, r.problem?.code])).toEqual([
      ['/webhook', 'POST', 'wrong-path'],
      ['/notifications', 'PUT', 'wrong-method'],
    ]);
  });

  it('keeps a non-UTF-8 body as base64 and masks credential headers', async () => {
    const { receiver, journal } = await start();
    await deliver(receiver, {
      body: Buffer.from([0xff, 0xfe, 0x00, 0x41]),
      headers: { authorization: 'Bearer abcdefghij1234' },
    });
    const [record] = journal.list().records;
    expect(record).toMatchObject({ bodyEncoding: 'base64', body: '//4AQQ==', problem: { code: 'body-not-base64' } });
    expect(record?.headers.authorization).toBe('Bearer ••••1234');
    expect(readFileSync(journal.path, 'utf8')).not.toContain('abcdefghij1234');
  });

  it('refuses a body over the size limit, keeping what it read', async () => {
    const { receiver, journal } = await start({ maxBodyBytes: 64 });
    expect((await deliver(receiver, { body: 'A'.repeat(200) })).status).toBe(413);
    expect(journal.list().records[0]).toMatchObject({ bodyTruncated: true, body: 'A'.repeat(64) });
  });

  it('stores the journal with file mode 0600 and never a secret', async () => {
    const { receiver, journal } = await start();
    await deliver(receiver);
    await deliver(receiver, { secret: SECRET_B, json: sampleNotification({ merchant: { terminalId: 1000000 } }) });
    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
    const text = readFileSync(journal.path, 'utf8');
    for (const { secret } of candidates) expect(text).not.toContain(secret);
  });

  it('reports loopback binding plainly, and warns when it would listen beyond loopback', async () => {
    const { receiver } = await start();
    expect(receiver.status()).toMatchObject({
      listening: true,
      beyondLoopback: false,
      warning: null,
      path: '/notifications',
    });
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);

    const open = new NotificationReceiver({
      journal: (running[0] as Running).journal,
      secretsProvider: () => [],
      host: '0.0.0.0',
    });
    expect(open.status()).toMatchObject({ listening: false, beyondLoopback: true });
    expect(open.status().warning).toMatch(/reachable from other machines/);
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10', 'example.com'].some(isLoopbackHost)).toBe(false);
  });

  it('reports a port it could not bind instead of listening', async () => {
    const { receiver, journal } = await start();
    const clash = new NotificationReceiver({ journal, secretsProvider: () => [], port: receiver.status().port ?? 0 });
    await expect(clash.start()).rejects.toThrow(/EADDRINUSE/);
    expect(clash.status()).toMatchObject({ listening: false });
    expect(clash.status().warning).toMatch(/not listening.*EADDRINUSE/);
  });

  it('serves on a configured path', async () => {
    const { receiver, journal } = await start({ path: '/hooks/gateway' });
    expect(receiver.url).toMatch(/\/hooks\/gateway$/);
    expect((await deliver(receiver, { path: '/hooks/gateway?x=1' })).status).toBe(200);
    expect(journal.size).toBe(1);
  });
});

describe('delivery journal file', () => {
  it('counts unreadable lines, keeps them, and appends after a torn last line', async () => {
    const first = await start();
    await deliver(first.receiver);
    await first.stop();
    const { appendFileSync } = await import('node:fs');
    appendFileSync(first.journal.path, 'not json\n{"seq":2,"half":');

    const journal = await DeliveryJournal.open(first.dir + '/notifications');
    try {
      expect(journal.unreadableLines).toBe(2);
      expect(journal.size).toBe(1);
      const second = await start({ dir: first.dir, journal });
      expect((await deliver(second.receiver)).status).toBe(200);
      const lines = readFileSync(journal.path, 'utf8').split('\n');
      expect(lines).toContain('not json');
      expect(lines).toContain('{"seq":2,"half":');
      expect(journal.list().records.map((r) => r.seq)).toEqual([1, 2]);
      expect(second.receiver.status().unreadableJournalLines).toBe(2);
    } finally {
      await journal.close().catch(() => undefined);
    }
  });

  it('pages with a cursor', async () => {
    const { receiver, journal } = await start();
    for (let i = 0; i < 5; i += 1) await deliver(receiver);
    const page1 = journal.list(0, 2);
    expect(page1).toMatchObject({ nextCursor: 2, hasMore: true });
    const page3 = journal.list(4, 2);
    expect(page3.records.map((r) => r.seq)).toEqual([5]);
    expect(page3).toMatchObject({ nextCursor: 5, hasMore: false });
    expect(journal.list(5, 2)).toEqual({ records: [], nextCursor: 5, hasMore: false });
  });
});
