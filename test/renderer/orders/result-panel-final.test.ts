import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import ResultPanel from '../../../src-renderer/src/features/orders/ResultPanel.vue';
import { fakeApi, mountInApp, okCall } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const TX = 's2countdown000000001';
const created = okCall(
  { operation: 'createOrder', method: 'POST', transactionID: TX },
  {
    returnStatus: { statusCode: '000' },
    transactionID: TX,
    paymentMethodList: ['MBWAY'],
    expiry: new Date(Date.now() + 3_600_000).toISOString(),
  },
);
const outcome = {
  profileId: 'sandbox-a',
  profileName: 'Sandbox · Variant A',
  environment: 'sandbox',
  variant: 'A',
  result: created,
};

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the expiry countdown on the order card', () => {
  let wrapper: VueWrapper | undefined;
  beforeEach(async () => {
    api = fakeApi();
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    await recordExchange(db, created.value.exchange, () => undefined);
  });
  afterEach(() => wrapper?.unmount());

  it('counts down while the payment is open', async () => {
    wrapper = mountInApp(ResultPanel, { outcome });
    await settle();
    expect(wrapper.get('[data-testid="expiry-countdown"]').text()).toMatch(/expires in (59|60):\d\d/);
  });

  it('stops once the payment is final', async () => {
    await recordExchange(
      useHistoryDb(),
      okCall(
        { operation: 'getStatus', paymentStatus: 'Success', transactionID: TX },
        { returnStatus: { statusCode: '000' }, paymentStatus: 'Success' },
      ).value.exchange,
      () => undefined,
    );
    wrapper = mountInApp(ResultPanel, { outcome });
    await settle();
    expect(wrapper.get('[data-testid="expiry-countdown"]').text()).toBe('· no longer counting: Success is final');
  });
});
