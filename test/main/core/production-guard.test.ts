import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderA } from '../gateway/fixtures';
import { startCore } from './harness';

let harness: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  harness = await startCore({ simulator: false });
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const settings = (name: string, environment: string) => ({
  name,
  environment,
  baseUrl: 'http://127.0.0.1:9',
  terminalId: '1000001',
  variant: 'A',
});

describe('production guard', () => {
  it('a production credential cannot be saved into a test profile, nor a test one into production', async () => {
    const live = await harness.call('profiles.save', {
      settings: settings('Live', 'production'),
      secrets: { bearerToken: 'live-token-abcdef123456', clientId: 'live-client-abcdef' },
      productionConfirmation: { profileName: 'Live' },
    });
    const test = await harness.call('profiles.save', {
      settings: settings('Test', 'test'),
      secrets: { bearerToken: 'test-token-abcdef123456' },
    });

    const intoTest = await harness.core.dispatch('profiles.save', {
      id: test.id,
      settings: settings('Test', 'test'),
      secrets: { bearerToken: 'live-token-abcdef123456' },
    });
    expect(intoTest).toMatchObject({ ok: false, error: { code: 'production-guard' } });
    expect(await harness.credentials.get(`${test.id}/bearerToken`)).toBe('test-token-abcdef123456');

    const newSandbox = await harness.core.dispatch('profiles.save', {
      settings: settings('Copy of live', 'sandbox'),
      secrets: { clientId: 'live-client-abcdef' },
    });
    expect(newSandbox).toMatchObject({ ok: false, error: { code: 'production-guard' } });
    const names = (await harness.call('profiles.list')).profiles.map((profile: { name: string }) => profile.name);
    expect(names).not.toContain('Copy of live');

    const intoLive = await harness.core.dispatch('profiles.save', {
      id: live.id,
      settings: settings('Live', 'production'),
      secrets: { bearerToken: 'test-token-abcdef123456' },
      productionConfirmation: { profileName: 'Live' },
    });
    expect(intoLive).toMatchObject({ ok: false, error: { code: 'production-guard' } });

    // Switching the test profile to production while it holds test credentials is the same crossing.
    const flip = await harness.core.dispatch('profiles.save', { id: live.id, settings: settings('Live', 'test') });
    expect(flip).toMatchObject({ ok: false, error: { code: 'production-guard' } });
  });

  it('only salted hashes of secrets are kept for the check', async () => {
    const raw = (await harness.credentials.get('guard/fingerprints')) ?? '';
    expect(raw).not.toContain('live-token-abcdef123456');
    const entries = JSON.parse(raw) as Array<{ salt: string; hash: string }>;
    expect(new Set(entries.map((entry) => entry.salt)).size).toBe(entries.length);
  });

  it('money-moving calls on production need a confirmation naming the profile and the amount', async () => {
    const live = (await harness.call('profiles.list')).profiles.find(
      (profile: { name: string }) => profile.name === 'Live',
    );
    const order = orderA();
    const attempts = [
      [undefined, 'confirmation-required'],
      [{ profileName: 'Test', amount: 12.5 }, 'confirmation-mismatch'],
      [{ profileName: 'Live', amount: 125 }, 'confirmation-mismatch'],
    ] as const;
    for (const [confirmation, code] of attempts) {
      const result = await harness.core.dispatch('orders.create', {
        profileId: live.id,
        order,
        ...(confirmation ? { confirmation } : {}),
      });
      expect(result).toMatchObject({ ok: false, error: { code } });
    }
    // Confirmed: main lets it through to the gateway (nothing listens on port 9, so nothing was sent).
    const confirmed = await harness.call('orders.create', {
      profileId: live.id,
      order,
      confirmation: { profileName: 'Live', amount: 12.5 },
    });
    expect(confirmed.exchange.classification).toBe('network');
  });
});
