import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadKeytarStore } from '../../../src-main/credentials/keytar-store';

// `npm test` runs inside a throwaway gnome-keyring session and sets this variable. There the real
// keychain must work: a broken keychain fails these tests instead of silently skipping them.
const inKeychainSession = process.env.GATEWAY_CONSOLE_KEYCHAIN_SESSION === '1';

describe.runIf(inKeychainSession)('KeytarStore against the real OS keychain', () => {
  it('stores, reads, lists and deletes secrets under its service', async () => {
    const service = `gateway-console-test-${randomUUID()}`;
    const loaded = await loadKeytarStore(service);
    if (!loaded.ok) throw new Error(`The keychain session does not work: ${loaded.reason}`);
    const store = loaded.store;
    expect(store.status.backend).toBe('os-keychain');

    await store.set('profile-1/bearerToken', 'token-value-1234');
    await store.set('profile-1/clientId', 'client-value-5678');
    expect(await store.get('profile-1/bearerToken')).toBe('token-value-1234');
    expect((await store.list()).sort()).toEqual(['profile-1/bearerToken', 'profile-1/clientId']);

    await store.set('profile-1/bearerToken', 'token-value-rotated');
    expect(await store.get('profile-1/bearerToken')).toBe('token-value-rotated');

    expect(await store.delete('profile-1/bearerToken')).toBe(true);
    expect(await store.delete('profile-1/bearerToken')).toBe(false);
    expect(await store.get('profile-1/bearerToken')).toBeNull();
    await store.delete('profile-1/clientId');
    expect(await store.list()).toEqual([]);
  });
});
