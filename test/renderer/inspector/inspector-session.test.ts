import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { SESSION_START_KEY, useInspectorStore } from '../../../src-renderer/src/stores/inspector';
import { fakeApi } from '../followups/mount';
import { lookupProfile, makeExchange } from '../db/fixtures';

const api = fakeApi();
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const SESSION_BEGAN = Date.UTC(2026, 5, 1, 9);
const at = (ms: number) => ({ startedAt: new Date(ms).toISOString(), durationMs: 5, attempts: 1 });

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the inspector's session", () => {
  beforeEach(async () => {
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    sessionStorage.setItem(SESSION_START_KEY, String(SESSION_BEGAN));
  });

  it('lists the same exchanges after a reload, read back from history (older sessions left out)', async () => {
    const earlier = makeExchange({ timings: at(SESSION_BEGAN - 60_000), summary: 'yesterday' });
    const first = makeExchange({ timings: at(SESSION_BEGAN + 1_000), summary: 'first' });
    const second = makeExchange({
      timings: at(SESSION_BEGAN + 2_000),
      summary: 'second',
      response: { status: 200, headers: {}, bodyText: '{"paymentStatus":"Pending"}' },
    });
    const db = useHistoryDb();
    for (const exchange of [earlier, first, second]) await recordExchange(db, exchange, lookupProfile);

    // Before the reload the page saw them pushed.
    setActivePinia(createPinia());
    const before = useInspectorStore();
    before.start(api);
    api.emit('exchanges.recorded', first);
    api.emit('exchanges.recorded', second);
    await settle();
    const listedBefore = before.session.map((e) => e.id);
    expect(listedBefore).toEqual([second.id, first.id]);

    // A reload: a new store, nothing pushed yet.
    setActivePinia(createPinia());
    const after = useInspectorStore();
    after.start(fakeApi());
    await settle();
    expect(after.session.map((e) => e.id)).toEqual(listedBefore);

    // Opening a listed row shows it whole (its body comes from history).
    await after.open(after.session[0]!);
    expect(after.selected?.response?.bodyText).toBe('{"paymentStatus":"Pending"}');
  });
});
