/**
 * Reset Sandbox: the simulator forgets its state (`simulator.reset`, in main) and history forgets the
 * Sandbox's transactions, exchanges and notifications — after the user saw how many of each will go.
 * Other environments are never touched. The simulator goes first: if it refuses, history is left as is,
 * so the two never disagree about a transaction one of them still knows.
 */
import { computed, ref, type Ref } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import {
  clearEnvironmentRecords,
  countEnvironmentRecords,
  type EnvironmentRecordCounts,
} from '../../db/clear-environment';
import { useHistoryDb } from '../../db/history-db';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { useInspectorStore } from '../../stores/inspector';
import { useOrderDraftStore } from '../../stores/order-draft';
import { forgetLastOrders } from '../../services/last-order';
import { describeFailure } from './simulator-view';
import { t } from '../../i18n';
import { worldOfProfileId } from '@shared/sandbox-worlds';
import { formatNumber } from '../../i18n/format';

export const SANDBOX = 'sandbox';

/** Whether a profile reaches the world being reset: null is the user's own Sandbox (not a console world). */
const inWorld =
  (worldId: string | null) =>
  (profileId: string): boolean =>
    worldOfProfileId(profileId) === worldId;

export interface ResetPreview extends EnvironmentRecordCounts {
  /** Transactions the simulator holds (null when it could not say). */
  simulatorTransactions: number | null;
  profileNames: string[];
}

type ResetApi = Pick<ConsoleApi, 'simulator.reset' | 'simulator.status'>;

/** "1 History row" / "2 History rows": the catalogue's plural forms, the number in the locale's digits. */
const plural = (n: number, key: string) => t(`sandboxReset.count.${key}`, { n: formatNumber(n) }, n);

/** What the confirmation lists: every count, so nobody resets without knowing what goes. */
export function describePreview(preview: ResetPreview): string[] {
  return [
    preview.simulatorTransactions === null
      ? t('sandboxReset.simulatorUnknown')
      : t('sandboxReset.simulatorCount', { count: plural(preview.simulatorTransactions, 'simulated') }),
    t('sandboxReset.historyRows', { count: plural(preview.transactions, 'historyRow') }),
    plural(preview.exchanges, 'recordedExchange'),
    plural(preview.notifications, 'receivedNotification'),
  ];
}

/** Resets one world: the user's Sandbox (`worldId` null, the default) or one of the console's worlds. */
export function useSandboxReset(api: ResetApi, worldId: Ref<string | null> = ref(null)) {
  const recorder = useHistoryRecorderStore();
  const inChosenWorld = (profileId: string) => inWorld(worldId.value)(profileId);
  const worldInput = () => (worldId.value === null ? undefined : { worldId: worldId.value });
  const preview = ref<ResetPreview | null>(null);
  const busy = ref(false);
  const outcome = ref<{ ok: boolean; text: string } | null>(null);
  // The user's own Sandbox: the console's other worlds (demo, runs, sessions) are not reset with it.
  const sandboxProfiles = computed(() =>
    recorder.profiles.filter((p) => p.environment === SANDBOX && inChosenWorld(p.id)),
  );

  /** Counts what a reset would remove; opens the confirmation. */
  async function prepare(): Promise<void> {
    busy.value = true;
    outcome.value = null;
    try {
      const [status, counts] = await Promise.all([
        api['simulator.status'](worldInput()),
        countEnvironmentRecords(
          useHistoryDb(),
          SANDBOX,
          sandboxProfiles.value.map((p) => p.id),
          inChosenWorld,
        ),
      ]);
      preview.value = {
        ...counts,
        simulatorTransactions: status.ok && status.value.running ? status.value.transactionCount : null,
        profileNames: sandboxProfiles.value.map((p) => p.name),
      };
    } finally {
      busy.value = false;
    }
  }

  const cancel = () => (preview.value = null);

  async function confirm(): Promise<boolean> {
    if (!preview.value) return false;
    busy.value = true;
    try {
      const reset = await api['simulator.reset'](worldInput());
      if (!reset.ok) {
        outcome.value = {
          ok: false,
          text: t('sandboxReset.notReset', { failure: describeFailure(reset.error) }),
        };
        return false;
      }
      const ids = sandboxProfiles.value.map((p) => p.id);
      let removed: EnvironmentRecordCounts;
      try {
        removed = await clearEnvironmentRecords(useHistoryDb(), SANDBOX, ids, inChosenWorld);
      } catch (error) {
        outcome.value = {
          ok: false,
          text: t('sandboxReset.historyNotCleared', { error: error instanceof Error ? error.message : String(error) }),
        };
        return false;
      }
      forgetLastOrders(ids);
      useInspectorStore().forgetProfiles(ids);
      recorder.revision++;
      void useOrderDraftStore().loadLastOrder();
      outcome.value = {
        ok: true,
        text: t('sandboxReset.done', {
          simulated: plural(reset.value.removedTransactions, 'simulated'),
          rows: plural(removed.transactions, 'historyRow'),
          exchanges: plural(removed.exchanges, 'exchange'),
          notifications: plural(removed.notifications, 'notification'),
        }),
      };
      preview.value = null;
      return true;
    } finally {
      busy.value = false;
    }
  }

  return { preview, busy, outcome, sandboxProfiles, prepare, cancel, confirm };
}
