import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { useHistoryRecorderStore } from '../../../src-renderer/src/stores/history-recorder';
import { statusExchange, T0 } from '../db/fixtures';

type Listener = (payload: unknown) => void;

/** The preload's ConsoleApi as the renderer sees it: profiles.list and push events we can fire. */
function installApi() {
  const listeners = new Map<string, Listener[]>();
  window.consoleApi = {
    'profiles.list': async () => ({
      ok: true,
      value: {
        profiles: [{ id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' }],
        problems: [],
      },
    }),
    on: (name: string, listener: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return () => undefined;
    },
  } as unknown as ConsoleApi;
  return { emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((l) => l(payload)) };
}

installApi();

describe('the history recorder', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('records every Exchange main records, labelled with its profile', async () => {
    const recorder = useHistoryRecorderStore();
    recorder.start();
    await recorder.record(statusExchange('s2pushed', 'Pending', T0));
    await vi.waitFor(async () => expect(await getTransaction(useHistoryDb(), 's2pushed')).toBeDefined());
    expect(await getTransaction(useHistoryDb(), 's2pushed')).toMatchObject({
      profileName: 'Sandbox',
      source: 'looked-up',
    });
  });

  it('keeps an Exchange it could not save (storage full) in memory, says so, and saves it on retry', async () => {
    const recorder = useHistoryRecorderStore();
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const spy = vi.spyOn(useHistoryDb(), 'transaction').mockRejectedValueOnce(full as never);
    const exchange = statusExchange('s2full', 'Success', T0);
    expect(await recorder.record(exchange)).toBeNull();
    expect(recorder.unsaved).toEqual([{ exchange, reason: expect.stringMatching(/storage is full/) }]);
    expect(await getTransaction(useHistoryDb(), 's2full')).toBeUndefined();
    spy.mockRestore();
    await recorder.retryUnsaved();
    expect(recorder.unsaved).toEqual([]);
    expect(await getTransaction(useHistoryDb(), 's2full')).toMatchObject({ paymentStatus: 'Success' });
  });
});
