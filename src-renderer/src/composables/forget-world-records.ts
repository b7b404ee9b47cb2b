/**
 * What the page kept of a Sandbox world that main discarded (the demo's at End demo, a run's when it is
 * deleted): its History rows, exchanges and notifications, its last orders and its Inspector entries.
 * Only rows of the world's own profiles go: the user's Sandbox rows share the environment and stay.
 */
import { clearEnvironmentRecords } from '../db/clear-environment';
import { useHistoryDb } from '../db/history-db';
import { useHistoryRecorderStore } from '../stores/history-recorder';
import { useInspectorStore } from '../stores/inspector';
import { useOrderDraftStore } from '../stores/order-draft';
import { forgetLastOrders } from '../services/last-order';

export async function forgetWorldRecords(profileIds: readonly string[]): Promise<void> {
  const ids = new Set(profileIds);
  // Any environment: a row recorded before its profile was known is labelled "unknown", not Sandbox.
  await clearEnvironmentRecords(useHistoryDb(), null, [...ids], (profileId) => ids.has(profileId));
  forgetLastOrders([...ids]);
  useInspectorStore().forgetProfiles([...ids]);
  useHistoryRecorderStore().revision++;
  void useOrderDraftStore().loadLastOrder();
}
