/**
 * Issue 25, §2: credentials go only where they were entered for. The gateway credentials of a profile are
 * bound to the origin (scheme, host, port) they were saved for: a lookup-only agent who points the profile
 * at a listener of their own must receive nothing. Two loopback listeners stand for the gateway the secrets
 * were entered for and the agent's listener; what each receives is what the test checks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startFaultServer } from '../../support/fault-server';
import { startCore } from './harness';

const TOKEN = 'origin-bound-token-7c1e9a2b5d3f';
const CLIENT_ID = 'origin-bound-client-4a8d2e6f';
const WEBHOOK_SECRET = 'b3JpZ2luLWJvdW5kLXdlYmhvb2stc2VjcmV0LTEyMzQ=';

let gateway: Awaited<ReturnType<typeof startFaultServer>>;
let listener: Awaited<ReturnType<typeof startFaultServer>>;
beforeAll(async () => {
  gateway = await startFaultServer();
  listener = await startFaultServer();
});
afterAll(async () => {
  await gateway.close();
  await listener.close();
});

const harnesses: Array<Awaited<ReturnType<typeof startCore>>> = [];
const start = async (options: Parameters<typeof startCore>[0] = {}) => {
  const harness = await startCore({ simulator: false, ...options });
  harnesses.push(harness);
  return harness;
};
afterEach(async () => {
  for (const harness of harnesses.splice(0)) {
    await harness.close();
    await harness.removeDir();
  }
  gateway.reset();
  listener.reset();
});

/** Every profile kind a user can create; the Sandbox's own profiles are the console's and cannot be edited. */
const KINDS = [
  { kind: 'sandbox', environment: 'sandbox', lookupOnly: false },
  { kind: 'test', environment: 'test', lookupOnly: false },
  { kind: 'production', environment: 'production', lookupOnly: false },
  { kind: 'lookup-only', environment: 'production', lookupOnly: true },
] as const;
type Kind = (typeof KINDS)[number];

const settingsFor = (kind: Kind, baseUrl: string) => ({
  name: `Shop ${kind.kind}`,
  environment: kind.environment,
  baseUrl,
  terminalId: '1000001',
  variant: 'A',
  ...(kind.lookupOnly ? { lookupOnly: true } : {}),
});
/** The typed name production saves need; harmless (ignored) for the others. */
const confirmationFor = (kind: Kind) =>
  kind.environment === 'production' ? { productionConfirmation: { profileName: `Shop ${kind.kind}` } } : {};

/** Everything a listener received, as one text: headers and bodies. */
const received = (server: typeof listener) => JSON.stringify(server.seen);

describe('credentials are bound to the origin they were saved for (issue 25: editing the base URL kept the secrets)', () => {
  it.each(KINDS)(
    'a $kind profile moved to another address loses its token and client id, and the new address receives nothing',
    async (kind) => {
      const harness = await start();
      const saved = await harness.call('profiles.save', {
        settings: settingsFor(kind, gateway.url),
        secrets: { bearerToken: TOKEN, clientId: CLIENT_ID, webhookSecret: WEBHOOK_SECRET },
        ...confirmationFor(kind),
      });
      // Where they were entered for, the credentials work.
      await harness.call('payments.status', { profileId: saved.id, transactionId: 's2origin' });
      expect(gateway.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(gateway.seen[0]?.headers['x-platform-client-id']).toBe(CLIENT_ID);

      // The agent points the profile at their own listener and saves, entering no secret.
      const moved = await harness.call('profiles.save', {
        id: saved.id,
        settings: settingsFor(kind, listener.url),
        ...confirmationFor(kind),
      });
      expect(moved.baseUrl).toBe(listener.url);
      expect(moved.secrets.bearerToken).toEqual({ set: false });
      expect(moved.secrets.clientId).toEqual({ set: false });
      // The webhook secret decrypts what arrives at the console; it is never sent to the gateway.
      expect(moved.secrets.webhookSecret.set).toBe(true);
      expect(await harness.credentials.get(`${saved.id}/bearerToken`)).toBeNull();
      expect(await harness.credentials.get(`${saved.id}/clientId`)).toBeNull();

      const status = await harness.core.dispatch('payments.status', { profileId: saved.id, transactionId: 's2origin' });
      expect(status).toMatchObject({ ok: false, error: { code: 'missing-credentials' } });
      const connection = await harness.core.dispatch('profiles.testConnection', { id: saved.id });
      expect(connection.ok).toBe(false);
      expect(listener.seen).toHaveLength(0);
    },
  );

  it.each(KINDS)(
    'a $kind profile moved with its secrets entered again in the same save uses the new ones there',
    async (kind) => {
      const harness = await start();
      const saved = await harness.call('profiles.save', {
        settings: settingsFor(kind, gateway.url),
        secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
        ...confirmationFor(kind),
      });
      const moved = await harness.call('profiles.save', {
        id: saved.id,
        settings: settingsFor(kind, listener.url),
        secrets: { bearerToken: 'reentered-token-0a1b2c3d4e5f', clientId: 'reentered-client-9f8e7d' },
        ...confirmationFor(kind),
      });
      expect(moved.secrets.bearerToken).toEqual({ set: true, last4: '4e5f' });
      await harness.call('payments.status', { profileId: saved.id, transactionId: 's2origin' });
      expect(listener.seen[0]?.headers.authorization).toBe('Bearer reentered-token-0a1b2c3d4e5f');
      expect(received(listener)).not.toContain(TOKEN);
      expect(received(listener)).not.toContain(CLIENT_ID);
    },
  );

  it('only the token entered again moves with the profile: the client id not entered is cleared, and nothing is sent', async () => {
    const harness = await start();
    const saved = await harness.call('profiles.save', {
      settings: settingsFor(KINDS[1], gateway.url),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    });
    const moved = await harness.call('profiles.save', {
      id: saved.id,
      settings: settingsFor(KINDS[1], listener.url),
      secrets: { bearerToken: 'reentered-token-0a1b2c3d4e5f' },
    });
    expect(moved.secrets.clientId).toEqual({ set: false });
    const status = await harness.core.dispatch('payments.status', { profileId: saved.id, transactionId: 's2origin' });
    expect(status).toMatchObject({ ok: false, error: { code: 'missing-credentials' } });
    expect(listener.seen).toHaveLength(0);
  });

  it('a profile saved before secrets were bound is treated as bound to its address: moving it still clears them', async () => {
    const harness = await start();
    const saved = await harness.call('profiles.save', {
      settings: settingsFor(KINDS[1], gateway.url),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    });
    // What a console before this change left in the keychain: the secrets, and no origin next to them.
    await harness.credentials.delete(`${saved.id}/secretsOrigin`);
    const moved = await harness.call('profiles.save', { id: saved.id, settings: settingsFor(KINDS[1], listener.url) });
    expect(moved.secrets.bearerToken).toEqual({ set: false });
    expect(moved.secrets.clientId).toEqual({ set: false });
    expect(await harness.credentials.get(`${saved.id}/secretsOrigin`)).toBe(
      `http://127.0.0.1:${new URL(listener.url).port}`,
    );
  });

  it('the same origin spelled another way (case, default port, a path) keeps the secrets', async () => {
    const harness = await start();
    const saved = await harness.call('profiles.save', {
      settings: settingsFor(KINDS[1], 'https://gateway.example.com'),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    });
    const respelled = await harness.call('profiles.save', {
      id: saved.id,
      settings: settingsFor(KINDS[1], 'HTTPS://Gateway.Example.com:443/'),
    });
    expect(respelled.secrets.bearerToken).toMatchObject({ set: true });
    expect(respelled.secrets.clientId).toMatchObject({ set: true });
    // Another port of the same host is another origin.
    const otherPort = await harness.call('profiles.save', {
      id: saved.id,
      settings: settingsFor(KINDS[1], 'https://gateway.example.com:8443'),
    });
    expect(otherPort.secrets.bearerToken).toEqual({ set: false });
  });

  it('a profiles.json edited by hand to another address sends nothing: the SDK refuses credentials for another origin', async () => {
    const credentials = new MemoryStore();
    const first = await start({ credentials });
    const saved = await first.call('profiles.save', {
      settings: settingsFor(KINDS[1], gateway.url),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    });
    await first.close();
    const path = join(first.userDataDir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Array<{ id: string; baseUrl: string }> };
    file.profiles.find((profile) => profile.id === saved.id)!.baseUrl = listener.url;
    await writeFile(path, JSON.stringify(file));

    const second = await startCore({ simulator: false, credentials, userDataDir: first.userDataDir });
    try {
      const status = await second.core.dispatch('payments.status', { profileId: saved.id, transactionId: 's2origin' });
      expect(status).toMatchObject({ ok: false, error: { code: 'secrets-origin-mismatch' } });
      expect(status.ok ? '' : status.error.message).toContain(`${gateway.url}`);
      expect(listener.seen).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});

describe('production profiles: typed name and no plain http (issue 25: a production profile could be moved to http://)', () => {
  const production = KINDS[2];

  it('saving a production profile needs its name typed; without it, or with another, nothing is saved', async () => {
    const harness = await start();
    const base = {
      settings: settingsFor(production, gateway.url),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    };
    expect(await harness.core.dispatch('profiles.save', base)).toMatchObject({
      ok: false,
      error: { code: 'confirmation-required' },
    });
    expect(
      await harness.core.dispatch('profiles.save', { ...base, productionConfirmation: { profileName: 'Shop test' } }),
    ).toMatchObject({ ok: false, error: { code: 'confirmation-mismatch' } });
    const { profiles } = await harness.call('profiles.list');
    expect(profiles.map((profile: { name: string }) => profile.name)).not.toContain('Shop production');

    const saved = await harness.call('profiles.save', { ...base, ...confirmationFor(production) });
    // An edit of a saved production profile needs it too, and a refused one changes nothing.
    const edit = await harness.core.dispatch('profiles.save', {
      id: saved.id,
      settings: settingsFor(production, listener.url),
    });
    expect(edit).toMatchObject({ ok: false, error: { code: 'confirmation-required' } });
    const kept = await harness.call('profiles.get', { id: saved.id });
    expect(kept.baseUrl).toBe(gateway.url);
    expect(kept.secrets.bearerToken).toMatchObject({ set: true });
  });

  it('plain http:// is refused for production unless the host is this machine; a refused edit keeps the profile and its secrets', async () => {
    const harness = await start();
    const remote = await harness.core.dispatch('profiles.save', {
      settings: settingsFor(production, 'http://gateway.example.com'),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
      ...confirmationFor(production),
    });
    expect(remote).toMatchObject({ ok: false, error: { code: 'production-plain-http' } });

    const saved = await harness.call('profiles.save', {
      settings: settingsFor(production, 'https://gateway.example.com'),
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
      ...confirmationFor(production),
    });
    const downgrade = await harness.core.dispatch('profiles.save', {
      id: saved.id,
      settings: settingsFor(production, 'http://gateway.example.com'),
      ...confirmationFor(production),
    });
    expect(downgrade).toMatchObject({ ok: false, error: { code: 'production-plain-http' } });
    const kept = await harness.call('profiles.get', { id: saved.id });
    expect(kept.baseUrl).toBe('https://gateway.example.com');
    expect(kept.secrets.bearerToken).toMatchObject({ set: true });
    expect(kept.secrets.clientId).toMatchObject({ set: true });

    // Loopback over http is allowed (a local TLS-terminating proxy); a test profile may use http anywhere.
    for (const host of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080'])
      expect(
        (
          await harness.core.dispatch('profiles.save', {
            id: saved.id,
            settings: settingsFor(production, host),
            ...confirmationFor(production),
          })
        ).ok,
      ).toBe(true);
    expect(
      (await harness.core.dispatch('profiles.save', { settings: settingsFor(KINDS[1], 'http://gateway.example.com') }))
        .ok,
    ).toBe(true);
  });
});
