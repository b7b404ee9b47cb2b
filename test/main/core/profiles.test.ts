import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startCore } from './harness';

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
});

const settings = (overrides: object = {}) => ({
  name: 'Acme test',
  environment: 'test',
  baseUrl: 'https://gateway.test.example',
  terminalId: '1234567',
  variant: 'A',
  ...overrides,
});

describe('profiles', () => {
  it('saves settings to profiles.json and secrets only to the credential store', async () => {
    const harness = await start();
    const saved = await harness.call('profiles.save', {
      settings: settings({ pathPrefix: '/gw/api', clientIdHeader: 'X-Acme-Client-Id' }),
      secrets: { bearerToken: 'acme-test-token-000111', clientId: 'acme-client-222333' },
    });
    expect(saved).toMatchObject({
      name: 'Acme test',
      pathPrefix: '/gw/api',
      version: 'v2',
      secrets: {
        bearerToken: { set: true, last4: '0111' },
        clientId: { set: true, last4: '2333' },
        webhookSecret: { set: false },
      },
    });
    const file = await readFile(join(harness.userDataDir, 'profiles.json'), 'utf8');
    expect(file).toContain('"Acme test"');
    expect(file).not.toContain('acme-test-token-000111');
    expect(await harness.credentials.get(`${saved.id}/bearerToken`)).toBe('acme-test-token-000111');

    const cleared = await harness.call('profiles.clearSecret', { id: saved.id, name: 'bearerToken' });
    expect(cleared.secrets.bearerToken).toEqual({ set: false });
    const reset = await harness.call('profiles.setSecret', {
      id: saved.id,
      name: 'bearerToken',
      value: 'rotated-token-9999',
    });
    expect(reset.secrets.bearerToken).toEqual({ set: true, last4: '9999' });

    expect(await harness.call('profiles.delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await harness.credentials.list()).not.toContain(`${saved.id}/bearerToken`);
  });

  it('refuses invalid settings with a message naming the field', async () => {
    const harness = await start();
    const result = await harness.core.dispatch('profiles.save', {
      settings: settings({ terminalId: '12ab', baseUrl: 'ftp://x' }),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/settings\.terminalId: Terminal id must be 1 to 10 digits/);
  });

  it('validates profiles.json on read: bad records are set aside and reported, good ones kept', async () => {
    const first = await start();
    await first.call('profiles.save', { settings: settings({ name: 'Good' }) });
    const path = join(first.userDataDir, 'profiles.json');
    const data = JSON.parse(await readFile(path, 'utf8'));
    data.profiles.push({ ...data.profiles[0], id: 'broken', name: 'Broken', environment: 'staging' });
    await writeFile(path, JSON.stringify(data));
    await first.close();

    const second = await start({ userDataDir: first.userDataDir, credentials: first.credentials });
    const { profiles, problems } = await second.call('profiles.list');
    expect(profiles.map((profile: { name: string }) => profile.name)).toEqual(['Good']);
    expect(problems).toEqual([expect.stringMatching(/"Broken" is invalid \(environment: .*quarantined/)]);
    const kept = JSON.parse(await readFile(path, 'utf8'));
    expect(kept.quarantined).toEqual([expect.objectContaining({ id: 'broken', environment: 'staging' })]);
  });

  it('a corrupt profiles.json is backed up, reported clearly, and the console still starts', async () => {
    const first = await start();
    const path = join(first.userDataDir, 'profiles.json');
    await writeFile(path, '{"version":1,"profiles":[{"name": "half');
    const second = await start({ userDataDir: first.userDataDir });
    const { profiles, problems } = await second.call('profiles.list');
    expect(profiles).toEqual([]);
    expect(problems[0]).toMatch(/could not be read .* kept as .*unreadable.*\.bak/);
    const backups = (await readdir(first.userDataDir)).filter((name) => name.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(first.userDataDir, backups[0]!), 'utf8')).toBe(
      '{"version":1,"profiles":[{"name": "half',
    );
  });

  it('Sandbox profiles cannot be edited, deleted or given other secrets', async () => {
    const harness = await start({ simulator: true });
    for (const [method, input] of [
      ['profiles.save', { id: 'sandbox-a', settings: settings() }],
      ['profiles.delete', { id: 'sandbox-a' }],
      ['profiles.setSecret', { id: 'sandbox-a', name: 'bearerToken', value: 'mine-123456' }],
    ] as const) {
      const result = await harness.core.dispatch(method, input);
      expect(result).toMatchObject({ ok: false, error: { code: 'managed-profile' } });
    }
  });

  it('Sandbox credentials are generated once and kept across restarts, even without a keychain', async () => {
    const first = await start({ simulator: true, credentials: new MemoryStore() });
    const token = await first.core.credentials.get('sandbox-a/bearerToken');
    expect(token).toBeTruthy();
    // Nothing of the Sandbox in the keychain (here: the session-memory fallback)...
    expect((await first.credentials.list()).filter((account) => account.startsWith('sandbox'))).toEqual([]);
    await first.close();
    // ...so a new session with an empty keychain still has them.
    const second = await start({ simulator: true, credentials: new MemoryStore(), userDataDir: first.userDataDir });
    expect(await second.core.credentials.get('sandbox-a/bearerToken')).toBe(token);
    const profile = await second.call('profiles.get', { id: 'sandbox-a' });
    expect(profile.baseUrl).toBe(second.core.simulator?.url);
    expect(await second.call('profiles.testConnection', { id: 'sandbox-a' })).toMatchObject({ verdict: 'ok' });
  });
});
