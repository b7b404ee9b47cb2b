import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SANDBOX_CREDENTIALS_FILE,
  SANDBOX_SIGNATURE_KEY_ACCOUNT,
  SANDBOX_SIGNATURES_FILE,
  SANDBOX_STATE_FILE,
} from '../../../src-main/core/sandbox';
import { SignatureStore } from '../../../src-main/core/signature-store';
import { orderA, orderB } from '../gateway/fixtures';
import { startCore } from './harness';

let harness: Awaited<ReturnType<typeof startCore>>;
const logLines: string[] = [];
const results: unknown[] = [];

beforeAll(async () => {
  // Every line the logger writes goes through process.stdout/stderr: capture them all.
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logLines.push(String(chunk));
      return true;
    });
  harness = await startCore();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await harness.close();
  await harness.removeDir();
});

const call = async (method: string, input: unknown) => {
  const result = await harness.core.dispatch(method, input);
  results.push(result);
  return result as { ok: boolean; value?: { exchange: { transactionID: string } } };
};

describe('secrets never leave main', () => {
  it('bearer token, client id and transaction signatures appear in no Exchange, event, result or log line', async () => {
    const createdIds: string[] = [];
    for (const [profileId, order] of [
      ['sandbox-a', orderA()],
      ['sandbox-b', orderB()],
    ] as const) {
      const created = await call('orders.create', { profileId, order });
      createdIds.push(created.value!.exchange.transactionID);
    }
    const [idA, idB] = createdIds as [string, string];
    await call('payments.mbwayPurchase', { profileId: 'sandbox-a', transactionId: idA, phone: '912345678' });
    await call('payments.generateReference', { profileId: 'sandbox-a', transactionId: idA });
    await call('payments.status', { profileId: 'sandbox-a', transactionId: idA });
    await call('payments.status', { profileId: 'sandbox-b', transactionId: idB });
    await call('profiles.testConnection', { id: 'sandbox-b' });
    await call('profiles.list', undefined);
    await call('profiles.get', { id: 'sandbox-a' });
    // Error paths too: an invalid order, and a token echoed back by a failing call.
    await call('orders.create', { profileId: 'sandbox-a', order: { merchant: {} } });

    const token = await harness.core.credentials.get('sandbox-a/bearerToken');
    const tokenB = await harness.core.credentials.get('sandbox-b/bearerToken');
    const clientId = await harness.core.credentials.get('sandbox-a/clientId');
    const webhookSecret = await harness.core.credentials.get('sandbox-a/webhookSecret');
    const store = await SignatureStore.open(
      join(harness.userDataDir, SANDBOX_SIGNATURES_FILE),
      harness.core.credentials,
      SANDBOX_SIGNATURE_KEY_ACCOUNT,
    );
    const signatures = createdIds.map((id, index) => store.get(index === 0 ? 'sandbox-a' : 'sandbox-b', id)?.signature);
    const secrets = [token, tokenB, clientId, webhookSecret, ...signatures];
    for (const secret of secrets) expect(secret, 'the flow should have produced every secret').toBeTruthy();

    const exchanges = harness.events.filter((event) => event.name === 'exchanges.recorded');
    expect(exchanges.length).toBeGreaterThanOrEqual(7);
    // Every file main wrote (profiles, signatures, the notifications journal…), however deep.
    const entries = await readdir(harness.userDataDir, { recursive: true, withFileTypes: true });
    // Except the Sandbox's own two files: its credentials are the embedded simulator's, not secrets, and
    // the simulator's state holds what it issued (issue 13); both are readable by this user only.
    const sandboxOwn = new Set([SANDBOX_CREDENTIALS_FILE, SANDBOX_STATE_FILE]);
    for (const name of sandboxOwn) expect((await stat(join(harness.userDataDir, name))).mode & 0o077).toBe(0);
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile() && !sandboxOwn.has(entry.name))
        .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(1);
    const haystacks = {
      events: JSON.stringify(harness.events),
      results: JSON.stringify(results),
      logs: logLines.join(''),
      files: files.join('\n'),
    };
    expect(logLines.length).toBeGreaterThan(0);
    for (const [where, text] of Object.entries(haystacks))
      for (const secret of secrets) expect(text.includes(secret!), `a secret appeared in ${where}`).toBe(false);
  });
});
