import { englishOf } from '@shared/console-text';
import type { FailureMessage } from '@shared/result';
import { createCipheriv, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureStore } from '../../../src-main/core/signature-store';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { orderA } from '../gateway/fixtures';
import { startCore } from './harness';

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await simulator.close();
});

/** A problem as the log and the CLI read it (main says it by text id). */
const spoken = (problem: FailureMessage | undefined): string =>
  problem === undefined || typeof problem === 'string' ? (problem ?? '') : englishOf(problem);

describe('transaction signatures', () => {
  it('survive a restart, encrypted at rest, so follow-ups still work', async () => {
    const credentials = new MemoryStore();
    const first = await startCore({ simulator: false, credentials });
    const [terminal] = simulator.terminals;
    const profile = await first.call('profiles.save', {
      settings: {
        name: 'Local sim',
        environment: 'test',
        baseUrl: simulator.url,
        terminalId: terminal!.terminalId,
        variant: 'A',
      },
      secrets: { bearerToken: terminal!.token, clientId: simulator.clientId },
    });
    const created = await first.call('orders.create', { profileId: profile.id, order: orderA() });
    const transactionId = created.exchange.transactionID;
    await first.close();

    const path = join(first.userDataDir, 'transaction-signatures.enc');
    const signature = (await SignatureStore.open(path, credentials)).get(profile.id, transactionId)?.signature;
    expect(signature).toBeTruthy();
    expect(await readFile(path, 'utf8')).not.toContain(signature!);

    const second = await startCore({ simulator: false, credentials, userDataDir: first.userDataDir });
    try {
      const mbway = await second.call('payments.mbwayPurchase', {
        profileId: profile.id,
        transactionId,
        phone: '912345678',
      });
      expect(mbway.exchange.classification).toBe('ok');
      expect(mbway.exchange.request.headers.Authorization).toBe(`Digest ••••${signature!.slice(-4)}`);
    } finally {
      await second.close();
      await second.removeDir();
    }
  });

  it('a file whose key is gone is kept as a backup and reported, not silently dropped', async () => {
    const first = await startCore({ simulator: false, credentials: new MemoryStore() });
    await first.close();
    const path = join(first.userDataDir, 'transaction-signatures.enc');
    await (
      await SignatureStore.open(path, first.credentials)
    ).put({
      profileId: 'p',
      transactionId: 't',
      signature: 'sig-123456789',
      merchantTransactionId: null,
      amount: 1,
      currency: 'EUR',
      createdAt: new Date().toISOString(),
    });
    // A session-only store after a restart: the key is gone.
    const reopened = await SignatureStore.open(path, new MemoryStore());
    expect(reopened.get('p', 't')).toBeUndefined();
    expect(spoken(reopened.problems[0])).toMatch(/could not be decrypted \(kept as .*\.bak\)/);
    await first.removeDir();
  });
});

describe('the signature journal on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const fileIn = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gc-sigs-'));
    dirs.push(dir);
    return join(dir, 'signatures.enc');
  };
  const key = randomBytes(32);
  const record = (transactionId: string, signature = `sig-${transactionId}-0123456789`) => ({
    profileId: 'p',
    transactionId,
    signature,
    merchantTransactionId: null,
    amount: 1,
    currency: 'EUR',
    createdAt: new Date().toISOString(),
  });
  const linesOf = async (path: string) => (await readFile(path, 'utf8')).split('\n').filter(Boolean);

  it('appends one encrypted line per create instead of rewriting the file', async () => {
    const path = await fileIn();
    const store = await SignatureStore.openWithKey(path, key);
    for (let index = 0; index < 50; index++) await store.put(record(`t${index}`));
    const before = await readFile(path);
    await store.put(record('t50'));
    const after = await readFile(path);
    // The earlier bytes are untouched: the new record is one line added at the end.
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const added = after.subarray(before.length).toString('utf8');
    expect(added.split('\n').filter(Boolean)).toHaveLength(1);
    expect(added).not.toContain('sig-t50');
    expect((await SignatureStore.openWithKey(path, key)).get('p', 't50')?.signature).toBe('sig-t50-0123456789');
  });

  it('loads every complete line after a kill -9 tore the last one, and appends after them', async () => {
    const path = await fileIn();
    const store = await SignatureStore.openWithKey(path, key);
    await store.put(record('t1'));
    await store.put(record('t2'));
    // Half of a third line: the process died mid-append.
    const full = (await readFile(path, 'utf8')).split('\n')[1]!;
    await appendFile(path, full.slice(0, full.length / 2));

    const reopened = await SignatureStore.openWithKey(path, key);
    expect(reopened.problems).toEqual([]);
    expect(reopened.get('p', 't1')?.signature).toBe('sig-t1-0123456789');
    expect(reopened.get('p', 't2')?.signature).toBe('sig-t2-0123456789');
    await reopened.put(record('t3'));
    const third = await SignatureStore.openWithKey(path, key);
    expect(third.problems).toEqual([]);
    expect(['t1', 't2', 't3'].map((id) => third.get('p', id)?.transactionId)).toEqual(['t1', 't2', 't3']);
    expect(await readdir(dirname(path))).toEqual(['signatures.enc']);
  });

  it('compacts the journal when stale lines dominate, keeping the latest of every record', async () => {
    const path = await fileIn();
    const store = await SignatureStore.openWithKey(path, key);
    await store.put(record('kept'));
    // The same transaction rewritten many times (e.g. new actionTokens), and a forgotten profile.
    for (let index = 0; index < 600; index++) await store.put(record('busy', `sig-busy-${index}-0123456789`));
    await store.put({ ...record('gone'), profileId: 'deleted' });
    await store.forgetProfile('deleted');
    const lines = await linesOf(path);
    expect(lines.length).toBeLessThan(2 * 2 + 256 + 2);
    const reopened = await SignatureStore.openWithKey(path, key);
    expect(reopened.get('p', 'busy')?.signature).toBe('sig-busy-599-0123456789');
    expect(reopened.get('p', 'kept')).toBeDefined();
    expect(reopened.get('deleted', 'gone')).toBeUndefined();
  });

  it('a line that does not decrypt in the middle is kept in a backup and reported; the rest still loads', async () => {
    const path = await fileIn();
    const store = await SignatureStore.openWithKey(path, key);
    for (const id of ['t1', 't2', 't3']) await store.put(record(id));
    const lines = await linesOf(path);
    lines[1] = lines[1]!.replace(/"tag":"[^"]+"/, '"tag":"AAAAAAAAAAAAAAAAAAAAAA=="');
    await writeFile(path, `${lines.join('\n')}\n`);

    const reopened = await SignatureStore.openWithKey(path, key);
    expect(spoken(reopened.problems[0])).toMatch(
      /1 stored transaction signature record\(s\) could not be decrypted \(kept as .*\.bak\)/,
    );
    expect(reopened.get('p', 't1')).toBeDefined();
    expect(reopened.get('p', 't2')).toBeUndefined();
    expect(reopened.get('p', 't3')).toBeDefined();
    const backup = (await readdir(dirname(path))).find((name) => name.endsWith('.bak'))!;
    expect(await readFile(join(dirname(path), backup), 'utf8')).toBe(`${lines.join('\n')}\n`);
    // The journal was rewritten from what was readable: the next start reports nothing.
    expect((await SignatureStore.openWithKey(path, key)).problems).toEqual([]);
  });

  it('reads a file written in the former whole-file format and turns it into a journal', async () => {
    const path = await fileIn();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify([record('old')]), 'utf8'), cipher.final()]);
    const envelope = { version: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
    await writeFile(path, JSON.stringify({ ...envelope, data: data.toString('base64') }));

    const store = await SignatureStore.openWithKey(path, key);
    expect(store.problems).toEqual([]);
    expect(store.get('p', 'old')?.signature).toBe('sig-old-0123456789');
    expect(await linesOf(path)).toHaveLength(1);
    await store.put(record('new'));
    const reopened = await SignatureStore.openWithKey(path, key);
    expect([reopened.get('p', 'old')?.transactionId, reopened.get('p', 'new')?.transactionId]).toEqual(['old', 'new']);
  });

  it('keeps every signature past 20,000 — the oldest follow-ups still work after a restart (issue 25: it dropped them)', async () => {
    const path = await fileIn();
    const store = await SignatureStore.openWithKey(path, key);
    const count = 20_005;
    await Promise.all(Array.from({ length: count }, (_, index) => store.put(record(`t${index}`))));
    expect(store.get('p', 't0')?.signature).toBe('sig-t0-0123456789');
    const reopened = await SignatureStore.openWithKey(path, key);
    const missing = Array.from({ length: count }, (_, index) => `t${index}`).filter(
      (id) => reopened.get('p', id)?.signature !== `sig-${id}-0123456789`,
    );
    expect(missing).toEqual([]);
    expect(reopened.problems).toEqual([]);
    // Still one line per record: nothing was rewritten wholesale to make room.
    expect(await linesOf(path)).toHaveLength(count);
  }, 120_000);
});
