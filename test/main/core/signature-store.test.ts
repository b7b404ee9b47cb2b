import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    expect(reopened.problems[0]).toMatch(/could not be decrypted \(kept as .*\.bak\)/);
    await first.removeDir();
  });
});
