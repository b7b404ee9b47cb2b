/**
 * The stores that keep this browser's history in step with main, started once the shell has painted.
 * They read and write IndexedDB and parse every stored row, so they bring Dexie and zod: fetched as a
 * chunk of their own after mount, the first paint does not wait for either.
 */
import { useHistoryRecorderStore } from './history-recorder';
import { useNotificationsStore } from './notifications';
import { useRecordIndexStore } from './record-index';
import { useUserSettingsStore } from './user-settings';

export function startBackgroundStores(): void {
  // Settings, sessions and templates come from main: a new origin or a cleared browser has them too.
  void useUserSettingsStore().start();
  // Every gateway call made anywhere lands in history from here on.
  useHistoryRecorderStore().start();
  // Every notification delivery is stored too, including those received while the page was closed.
  void useNotificationsStore().start();
  // History is an index of main's record: caught up (or rebuilt) from it, whichever window made the calls.
  useRecordIndexStore().start();
}
