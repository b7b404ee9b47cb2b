import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { SignatureStore } from '../../../src-main/core/signature-store';
import { join } from 'node:path';
import { startCore } from './harness';

const harnesses: Array<Awaited<ReturnType<typeof startCore>>> = [];
afterEach(async () => {
  for (const harness of harnesses.splice(0)) {
    await harness.close();
    await harness.removeDir();
  }
});

describe('app notices', () => {
  it('tells the user, through app.notices, that stored signatures could not be decrypted at start-up', async () => {
    const first = await startCore({ simulator: false });
    harnesses.push(first);
    const signatures = await SignatureStore.open(
      join(first.userDataDir, 'transaction-signatures.enc'),
      first.credentials,
    );
    await signatures.put({
      profileId: 'p',
      transactionId: 't',
      signature: 'sig-123456789',
      merchantTransactionId: null,
      amount: 1,
      currency: 'EUR',
      createdAt: new Date().toISOString(),
    });
    await first.close();
    // A restart with a session-only keychain: the signatures' key is gone.
    const restarted = await startCore({
      simulator: false,
      userDataDir: first.userDataDir,
      credentials: new MemoryStore(),
    });
    harnesses.push(restarted);
    const { notices } = await restarted.call('app.notices');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning' });
    expect(notices[0].message).toMatch(/Stored transaction signatures could not be decrypted \(kept as .*\.bak\)/);
  });

  it('has nothing to say on a clean start', async () => {
    const harness = await startCore({ simulator: false });
    harnesses.push(harness);
    expect(await harness.call('app.notices')).toEqual({ notices: [] });
  });
});
