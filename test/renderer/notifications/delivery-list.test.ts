import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import DeliveryList from '../../../src-renderer/src/features/notifications/DeliveryList.vue';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import { recentNotificationRows } from '../../../src-renderer/src/services/notification-query';
import { freshDb, lookupProfile } from '../db/fixtures';
import { mountInApp } from '../followups/mount';
import { makeDelivery, TX } from './fixtures';

describe('delivery list', () => {
  let wrapper: VueWrapper | undefined;
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
  });

  it('shows each delivery newest first with its verdict, marks duplicates and gives the reason for refused ones', async () => {
    const db = freshDb();
    await ingestDelivery(db, makeDelivery(1), lookupProfile);
    await ingestDelivery(db, makeDelivery(2), lookupProfile);
    await ingestDelivery(db, makeDelivery(3, null), lookupProfile);
    const rows = await recentNotificationRows(db, 50);
    wrapper = mountInApp(DeliveryList, { rows, checked: [] });
    await flushPromises();

    const lines = wrapper.findAll('tbody tr').map((tr) => tr.text());
    expect(lines).toHaveLength(3);
    const [refused, retry, first] = lines;
    expect(refused).toContain('Refused (HTTP 403): No configured webhook secret authenticates this notification.');
    expect(retry).toContain(TX);
    expect(retry).toContain('Duplicate');
    expect(retry).toContain('Acknowledged (HTTP 200)');
    expect(first).toContain('16.20 EUR');
    expect(first).toContain('MBWAY');
    expect(first).not.toContain('Duplicate');
  });
});
