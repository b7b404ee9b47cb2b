import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { startCountingProxy } from '../../support/counting-proxy';

/**
 * A lookup-only profile on the embedded simulator: main must refuse every create and money-moving
 * call before anything is sent (the simulator counts what reaches it), and still answer status queries.
 */
let harness: Awaited<ReturnType<typeof startCore>>;
let sandboxId: string;
let lookupId: string;
let proxy: Awaited<ReturnType<typeof startCountingProxy>>;

beforeAll(async () => {
  harness = await startCore();
  const { profiles } = await harness.call('profiles.list');
  const sandbox = profiles.find(
    (profile: { managed: boolean; variant: string }) => profile.managed && profile.variant === 'A',
  );
  sandboxId = sandbox.id;
  const simulator = harness.core.simulator!;
  proxy = await startCountingProxy(simulator.url);
  const desk = await harness.call('profiles.save', {
    settings: {
      name: 'Support desk',
      environment: 'test',
      baseUrl: proxy.url,
      pathPrefix: sandbox.pathPrefix,
      terminalId: sandbox.terminalId,
      variant: 'A',
      lookupOnly: true,
    },
    secrets: { bearerToken: simulator.terminals[0]!.token, clientId: simulator.clientId },
  });
  lookupId = desk.id;
});
afterAll(async () => {
  await proxy.close();
  await harness.close();
  await harness.removeDir();
});

const requestsSeen = () => proxy.count();

describe('lookup-only profiles', () => {
  it('refuses to create an order and sends nothing to the gateway', async () => {
    const before = requestsSeen();
    const result = await harness.core.dispatch('orders.create', { profileId: lookupId, order: orderA() });
    expect(result).toMatchObject({ ok: false, error: { code: 'lookup-only' } });
    expect(result.ok ? '' : result.error.message).toContain('Support desk');
    expect(requestsSeen()).toBe(before);
  });

  it('refuses every money-moving follow-up, even for a transaction it could otherwise see', async () => {
    const created = await harness.call('orders.create', { profileId: sandboxId, order: orderA() });
    const transactionId = created.exchange.transactionID;
    const before = requestsSeen();
    const calls = [
      ['payments.generateReference', { profileId: lookupId, transactionId }],
      ['payments.mbwayPurchase', { profileId: lookupId, transactionId, phone: '912345678' }],
      ['payments.performAction', { profileId: lookupId, transactionId, url: 'http://127.0.0.1:9/x', params: [] }],
    ] as const;
    for (const [method, input] of calls)
      expect(await harness.core.dispatch(method, input), method).toMatchObject({
        ok: false,
        error: { code: 'lookup-only' },
      });
    expect(requestsSeen()).toBe(before);
    // Status queries stay allowed: that is the profile's whole job.
    const status = await harness.call('payments.status', { profileId: lookupId, transactionId });
    expect(status.exchange.response.status).toBe(200);
    expect(requestsSeen()).toBe(before + 1);
  });

  it('cannot be switched out of lookup-only without typing the profile name', async () => {
    const desk = await harness.call('profiles.get', { id: lookupId });
    const { id } = desk;
    const settings = {
      name: desk.name,
      environment: desk.environment,
      baseUrl: desk.baseUrl,
      pathPrefix: desk.pathPrefix,
      terminalId: desk.terminalId,
      variant: desk.variant,
    };
    const off = { ...settings, lookupOnly: false };
    expect(await harness.core.dispatch('profiles.save', { id, settings: off })).toMatchObject({
      ok: false,
      error: { code: 'confirmation-required' },
    });
    expect(
      await harness.core.dispatch('profiles.save', {
        id,
        settings: off,
        lookupOnlyRelease: { profileName: 'Support' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'confirmation-mismatch' } });
    expect((await harness.call('profiles.get', { id })).lookupOnly).toBe(true);
    // Renaming while switching off does not dodge the check: the confirmation names the current profile.
    expect(
      await harness.core.dispatch('profiles.save', {
        id,
        settings: { ...off, name: 'Renamed' },
        lookupOnlyRelease: { profileName: 'Renamed' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'confirmation-mismatch' } });

    const released = await harness.call('profiles.save', {
      id,
      settings: off,
      lookupOnlyRelease: { profileName: 'Support desk' },
    });
    expect(released.lookupOnly).toBe(false);
    // Switching back on needs no confirmation.
    expect((await harness.call('profiles.save', { id, settings: { ...settings, lookupOnly: true } })).lookupOnly).toBe(
      true,
    );
  });
});
