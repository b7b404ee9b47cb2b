/**
 * Issue 26 §3: "a world per QA session when the tester wants one". Against a real console core: the
 * tester ticks "In a Sandbox world of its own" when starting a session; the session then works in that
 * world (its profile, the active profile), so an order made during it is not in the tester's Sandbox;
 * deleting the session discards the world.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { worldOfProfileId } from '@shared/sandbox-worlds';
import TestSessionsPanel from '../../../src-renderer/src/features/qa/TestSessionsPanel.vue';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';
import { useTestSession } from '../../../src-renderer/src/composables/use-test-session';
import { orderA } from '../../main/gateway/fixtures';
import { startCore } from '../../main/core/harness';
import { mountInApp } from '../followups/mount';
import { consoleApiOf, settle } from '../console-core-api';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

describe('Test session in a Sandbox world of its own', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
    api = consoleApiOf(harness.core);
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('the checked box makes the session’s world: its orders stay out of the tester’s Sandbox, and deleting the session discards it', async () => {
    const wrapper = mountInApp(TestSessionsPanel);
    const profiles = useProfilesStore();
    await profiles.load();
    profiles.activeId = 'sandbox-a';
    await settle();
    await wrapper.find('form.start input[type="text"]').setValue('Checkout');
    const box = wrapper.find('label.own-world input[type="checkbox"]');
    expect(box.exists()).toBe(true);
    await box.setValue(true);
    await wrapper.find('form.start').trigger('submit');
    await settle();

    const session = useTestSession().active.value!;
    const worldId = worldOfProfileId(session.profileId);
    expect(worldId).toMatch(/^session-[a-z0-9]{12}$/);
    expect(profiles.activeId).toBe(session.profileId);
    const created = await harness.call('orders.create', { profileId: profiles.activeId, order: orderA() });
    expect(harness.core.simulator!.control.transactionCount()).toBe(0);
    expect(harness.core.simulator!.worlds.get(worldId!)!.control.newestTransactions(5)[0]!.transactionID).toBe(
      created.exchange.transactionID,
    );

    await useTestSession().remove(session.id);
    await settle();
    expect(harness.core.simulator!.worlds.get(worldId!)).toBeUndefined();
    wrapper.unmount();
  });
});
