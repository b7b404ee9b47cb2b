/**
 * Upgrading keeps what a user made: settings, order templates and test sessions an older console kept
 * in this browser (localStorage, IndexedDB) are handed to main once, against the real user-data stores
 * on a temporary folder, and a second page (another origin) gets them from main.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { createUserDataHandlers } from '../../../src-main/core/handlers/user-data-handlers';
import type { ProfileRegistry } from '../../../src-main/core/profiles/profile-registry';
import { OrderTemplatesStore } from '../../../src-main/orders/order-templates-store';
import { TestSessions } from '../../../src-main/qa/test-sessions';
import { UserSettingsStore } from '../../../src-main/settings/user-settings';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { useSessionsDb } from '../../../src-renderer/src/services/sessions-db';
import { useTestSession } from '../../../src-renderer/src/composables/use-test-session';
import { useOrderTemplatesStore } from '../../../src-renderer/src/stores/order-draft-templates';
import { useThemeStore } from '../../../src-renderer/src/stores/theme';
import { useUserSettingsStore } from '../../../src-renderer/src/stores/user-settings';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

let dir: string;
const calls: string[] = [];
/** main's user-data handlers on `dir`, as a page sees them through the contract. */
function mainOn(folder: string) {
  const dispatch = createDispatcher(
    createUserDataHandlers({
      settings: new UserSettingsStore(join(folder, 'settings.json')),
      templates: new OrderTemplatesStore(join(folder, 'order-templates.json')),
      sessions: new TestSessions(folder),
      profiles: {} as ProfileRegistry,
    }) as Handlers,
  );
  api = new Proxy({} as ConsoleApi, {
    get: (_target, name: string) =>
      name === 'on'
        ? () => () => undefined
        : (input?: unknown) => {
            calls.push(name);
            return dispatch(name, input);
          },
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-migrate-'));
  calls.length = 0;
  localStorage.clear();
  setActivePinia(createPinia());
  mainOn(dir);
});
afterEach(async () => {
  await useHistoryDb().templates.clear();
  await useSessionsDb().sessions.clear();
  await useSessionsDb().entries.clear();
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 26: what an older console kept in the browser moves to main once', () => {
  it("localStorage settings reach main once; a new origin's page starts with them, a stale page cannot override", async () => {
    localStorage.setItem('gateway-console.theme', 'dark');
    localStorage.setItem('gateway-console.support.stale-after-minutes', '45');
    localStorage.setItem('gateway-console.history-retention', '{"maxAgeDays":30,"maxCount":0}');
    localStorage.setItem('gateway-console.bulk-refresh-concurrency', 'lots');
    await useUserSettingsStore().ready();
    const inMain = await api['settings.get']();
    expect(inMain.ok && inMain.value.settings).toEqual({
      locale: null,
      theme: 'dark',
      supportStaleAfterMinutes: 45,
      bulkRefreshConcurrency: null,
      historyRetention: { maxAgeDays: 30, maxCount: null },
    });
    // Another origin: empty localStorage, fresh page. It gets main's settings.
    localStorage.clear();
    setActivePinia(createPinia());
    await useUserSettingsStore().ready();
    expect(useThemeStore().theme).toBe('dark');
    expect(useUserSettingsStore().settings.supportStaleAfterMinutes).toBe(45);
    expect(localStorage.getItem('gateway-console.theme')).toBe('dark');
    // An old tab still holding other choices: main already imported once and keeps its own.
    localStorage.setItem('gateway-console.theme', 'light');
    setActivePinia(createPinia());
    await useUserSettingsStore().ready();
    expect(calls.filter((name) => name === 'settings.importFromBrowser')).toHaveLength(1);
    expect(useThemeStore().theme).toBe('dark');
  });

  it('IndexedDB templates are moved to main and removed from the browser only after main has them', async () => {
    await useHistoryDb().templates.bulkPut([
      { id: 't1', name: 'MB WAY 10', updatedAt: 1, draft: { variant: 'A', body: { amount: 10 } } },
      { id: 't2', name: 'Broken', updatedAt: 2, draft: { variant: 'Q', body: 1 } },
    ]);
    const store = useOrderTemplatesStore();
    await store.load();
    expect(store.templates.map((template) => template.name)).toEqual(['MB WAY 10']);
    // The unreadable row is reported and left where it was; the moved one is gone from the browser.
    expect(store.problems).toHaveLength(1);
    expect((await useHistoryDb().templates.toArray()).map((row) => row.id)).toEqual(['t2']);
    await store.load();
    expect(calls.filter((name) => name === 'orders.importTemplates')).toHaveLength(1);
    // A restart on another origin (no IndexedDB rows) still lists it: main has it.
    await useHistoryDb().templates.clear();
    setActivePinia(createPinia());
    await useOrderTemplatesStore().load();
    expect(useOrderTemplatesStore().templates.map((template) => template.name)).toEqual(['MB WAY 10']);
  });

  it('IndexedDB test sessions move to main with their entries and verdicts, then leave the browser', async () => {
    const id = '0b7a3c1e-1d2f-4a5b-9c6d-7e8f9a0b1c2d';
    await useSessionsDb().sessions.put({
      id,
      name: 'Release 4.1',
      tester: 'Rita',
      profileId: 'sandbox-a',
      profileName: 'Sandbox A',
      environment: 'sandbox',
      terminalId: '1000001',
      variant: 'A',
      objective: '',
      startedAt: '2026-11-01T10:00:00.000Z',
      endedAt: '2026-11-01T11:00:00.000Z',
      verdicts: { 'tx-1': { passed: true, note: 'ok', at: '2026-11-01T10:30:00.000Z' } },
    });
    await useSessionsDb().entries.put({
      id: 'e1',
      sessionId: id,
      at: '2026-11-01T10:10:00.000Z',
      transactionId: 'tx-1',
      kind: 'notification',
      exchange: null,
      notification: {
        seq: 3,
        notificationId: 'n-3',
        transactionId: 'tx-1',
        paymentStatus: 'Success',
        duplicate: false,
        receivedAt: '2026-11-01T10:10:00.000Z',
      },
    });
    const sessions = useTestSession();
    sessions.start();
    await vi.waitFor(() => expect(sessions.sessions.value.map((session) => session.name)).toEqual(['Release 4.1']));
    expect(await useSessionsDb().sessions.count()).toBe(0);
    expect(await useSessionsDb().entries.count()).toBe(0);
    const entries = await api['qa.testSessionEntries']({ sessionId: id });
    expect(entries.ok && entries.value.entries.map((entry) => entry.id)).toEqual(['e1']);
    expect(sessions.sessions.value[0]?.verdicts['tx-1']).toMatchObject({ passed: true, note: 'ok' });
  });
});
