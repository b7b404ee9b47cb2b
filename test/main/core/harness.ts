import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName } from '@shared/contract';
import { createConsoleCore, type ConsoleCoreOptions } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import type { CredentialStore } from '../../../src-main/credentials/credential-store';

/** A console core on a throwaway user-data folder, recording every event it pushes. */
export async function startCore(options: Partial<ConsoleCoreOptions> & { credentials?: CredentialStore } = {}) {
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'gc-core-')));
  const credentials = options.credentials ?? new MemoryStore();
  const core = await createConsoleCore({
    mode: 'browser',
    userDataDir,
    credentials,
    gateway: { retry: { baseDelayMs: 1, maxDelayMs: 5 }, totalTimeoutMs: 2_000 },
    ...options,
  });
  const events: Array<{ name: EventName; payload: unknown }> = [];
  core.events.subscribe((name, payload) => events.push({ name, payload }));
  /**
   * Calls a method and returns its value, failing loudly with the error when it answered ok:false.
   * Typed loosely on purpose: tests read deep into gateway answers the contract types as unknown.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (method: string, input?: unknown): Promise<any> => {
    const result = await core.dispatch(method, input);
    if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  return {
    core,
    call,
    events,
    credentials,
    userDataDir,
    close: () => core.close(),
    removeDir: () => rm(userDataDir, { recursive: true, force: true }),
  };
}
