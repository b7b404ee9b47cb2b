import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { readLastOrder } from '../../../src-renderer/src/services/last-order';
import { useOrderDraftStore } from '../../../src-renderer/src/stores/order-draft';
import { okCall } from '../followups/mount';
import { installApi, profile, setupStores } from './mount-helpers';

const TX = 's2lastorder000000001';
const created = okCall(
  { operation: 'createOrder', method: 'POST', profileId: 'sandbox-a', transactionID: TX },
  { returnStatus: { statusCode: '000' }, transactionID: TX, paymentMethodList: ['REFERENCE'] },
);

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the order the Orders screen shows', () => {
  beforeEach(async () => {
    localStorage.clear();
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    installApi({ 'orders.create': async () => created });
  });

  it('is still the last created order after a reload (a new app instance), read back from history', async () => {
    setupStores([profile(), profile({ id: 'sandbox-b', name: 'Sandbox · Variant B', variant: 'B' })]);
    const draft = useOrderDraftStore();
    draft.startNew();
    await draft.send();
    expect(readLastOrder('sandbox-a')).toEqual({ exchangeId: created.value.exchange.id, transactionId: TX });

    // A reload: fresh stores, nothing in memory.
    setupStores([profile(), profile({ id: 'sandbox-b', name: 'Sandbox · Variant B', variant: 'B' })]);
    const reloaded = useOrderDraftStore();
    await settle();
    const outcome = reloaded.outcome;
    expect(outcome?.profileName).toBe('Sandbox · Variant A');
    expect(outcome?.result.ok && outcome.result.value.exchange.id).toBe(created.value.exchange.id);
    expect(outcome?.result.ok && outcome.result.value.response).toEqual(
      JSON.parse(created.value.exchange.response!.bodyText),
    );
  });

  it('is per profile: another profile shows its own last order, or none', async () => {
    const pinia = setupStores([profile(), profile({ id: 'sandbox-b', name: 'Sandbox · Variant B', variant: 'B' })]);
    const draft = useOrderDraftStore(pinia);
    draft.startNew();
    await draft.send();
    const { useProfilesStore } = await import('../../../src-renderer/src/stores/profiles');
    useProfilesStore().activeId = 'sandbox-b';
    await settle();
    expect(draft.outcome).toBeNull();
    useProfilesStore().activeId = 'sandbox-a';
    await settle();
    expect(draft.outcome?.profileId).toBe('sandbox-a');
  });
});
