import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type * as Keytar from 'keytar';
import { openCredentialStore } from '../../../src-main/credentials/open-credential-store';
import { createConsoleCore } from '../../../src-main/core/console-core';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const keytarMissing = () => Promise.reject(new Error("Cannot find module 'keytar'"));
const keychainDead = async () =>
  ({
    findCredentials: () => Promise.reject(new Error('org.freedesktop.secrets was not provided')),
  }) as unknown as typeof Keytar;

describe('without a usable OS keychain', () => {
  it('falls back to session memory and says why when keytar is absent', async () => {
    const store = await openCredentialStore('gateway-console-test', keytarMissing);
    expect(store.status.backend).toBe('session-memory');
    expect(store.status.available).toBe(false);
    expect(store.status.detail).toMatch(/forgotten when the console quits/);
    expect(store.status.detail).toMatch(/keytar is not installed/);
    await store.set('p/bearerToken', 'abc123456');
    expect(await store.get('p/bearerToken')).toBe('abc123456');
  });

  it('falls back when no Secret Service answers', async () => {
    const store = await openCredentialStore('gateway-console-test', keychainDead);
    expect(store.status.detail).toMatch(/did not answer.*secrets was not provided/);
  });

  it('app.info says so, and a secret saved in a profile is written to no file', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'gc-fallback-'));
    dirs.push(userDataDir);
    const credentials = await openCredentialStore('gateway-console-test', keytarMissing);
    const core = await createConsoleCore({ mode: 'browser', userDataDir, credentials, simulator: false });
    try {
      const info = await core.dispatch('app.info', undefined);
      expect(info).toMatchObject({ ok: true, value: { keychain: { backend: 'session-memory', available: false } } });
      const secret = 'plain-text-token-should-not-hit-disk';
      const saved = await core.dispatch('profiles.save', {
        settings: { name: 'Test', environment: 'test', baseUrl: 'https://gw.example', terminalId: '42', variant: 'A' },
        secrets: { bearerToken: secret },
      });
      expect(saved.ok).toBe(true);
      // Every file, however deep (the notifications journal lives in a sub-folder).
      for (const entry of await readdir(userDataDir, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) expect(await readFile(join(entry.parentPath, entry.name), 'utf8')).not.toContain(secret);
    } finally {
      await core.close();
    }
  });
});
