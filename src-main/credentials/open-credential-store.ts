import type { CredentialStore } from './credential-store';
import { loadKeytarStore } from './keytar-store';
import { sessionOnlyStore } from './memory-store';

/** The OS keychain when it works; otherwise a session-only memory store that says why. */
export async function openCredentialStore(
  service?: string,
  load?: Parameters<typeof loadKeytarStore>[1],
): Promise<CredentialStore> {
  const loaded = await loadKeytarStore(service, load);
  return loaded.ok ? loaded.store : sessionOnlyStore(loaded.reason);
}
