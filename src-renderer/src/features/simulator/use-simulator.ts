/**
 * The Simulator panel's state and actions over the `simulator.*` contract: status, transactions and
 * delivery log loaded together; completing a transaction or moving the clock reloads them, so the
 * table always shows what the simulator now holds. Refusals are kept as sentences, never thrown.
 */
import { computed, ref } from 'vue';
import type {
  SimulatorDelivery,
  SimulatorStatus,
  SimulatorTransaction,
  SimulatorWorld,
} from '@shared/contract/simulator';
import type { PaymentStatus } from '@shared/gateway/codes';
import type { ConsoleError } from '@shared/result';
import { useConsoleApi } from '../../api';
import { describeFailure, formatDuration, formatInstant } from './simulator-view';
import { t } from '../../i18n';
import { describePaymentStatus } from '../../composables/payment-status';
import { apiRootOf } from '../../services/clock-offset';
import { useGatewayClocksStore } from '../../stores/gateway-clocks';
import { worldProfileId } from '@shared/sandbox-worlds';
import { forgetWorldRecords } from '../../composables/forget-world-records';

export interface ActionOutcome {
  ok: boolean;
  text: string;
  /** The transaction a completion was about (null for clock moves). */
  transactionId: string | null;
}

export function useSimulator() {
  const api = useConsoleApi();
  const status = ref<SimulatorStatus | null>(null);
  const transactions = ref<SimulatorTransaction[]>([]);
  const deliveries = ref<SimulatorDelivery[]>([]);
  const loadError = ref<string | null>(null);
  const loading = ref(false);
  /** Id of the transaction being completed, or 'clock' while the clock moves. */
  const busy = ref<string | null>(null);
  const completion = ref<ActionOutcome | null>(null);
  const clockOutcome = ref<ActionOutcome | null>(null);
  /** What "Discard this world" did (or why main refused it). */
  const worldOutcome = ref<ActionOutcome | null>(null);
  /** The world the screen acts on: null is the user's own Sandbox; the others are the console's worlds. */
  const worldId = ref<string | null>(null);
  const worlds = ref<SimulatorWorld[]>([]);
  const inWorld = () => (worldId.value === null ? {} : { worldId: worldId.value });

  const notRunning = computed(() => status.value?.running === false);

  /** A call that found no simulator means the same as a status saying so: show the message, not an error. */
  const markNotRunning = (error: ConsoleError): boolean => {
    if (error.code !== 'simulator-not-running') return false;
    if (status.value) status.value = { ...status.value, running: false };
    transactions.value = [];
    deliveries.value = [];
    return true;
  };

  async function refresh(): Promise<void> {
    loading.value = true;
    try {
      const listed = await api['simulator.worlds']();
      worlds.value = listed.ok ? listed.value : [];
      // A world discarded since (the demo ended, a run deleted) leaves the screen on the user's Sandbox.
      if (worldId.value !== null && !worlds.value.some((world) => world.id === worldId.value)) worldId.value = null;
      const statusResult = await api['simulator.status'](worldId.value === null ? undefined : inWorld());
      if (!statusResult.ok) {
        loadError.value = describeFailure(statusResult.error);
        return;
      }
      status.value = statusResult.value;
      loadError.value = null;
      // The simulator's own clock is the Sandbox's time: countdowns elsewhere follow a move at once,
      // without waiting for the next gateway answer to state it.
      const { apiUrl, clock } = statusResult.value;
      if (apiUrl && clock) useGatewayClocksStore().learnOffset(apiRootOf(apiUrl), clock.offsetSeconds * 1000);
      if (!statusResult.value.running) {
        transactions.value = [];
        deliveries.value = [];
        return;
      }
      const [held, logged] = await Promise.all([
        api['simulator.transactions'](inWorld()),
        api['simulator.deliveries'](inWorld()),
      ]);
      for (const result of [held, logged])
        if (!result.ok && !markNotRunning(result.error)) loadError.value = describeFailure(result.error);
      if (held.ok) transactions.value = held.value;
      if (logged.ok) deliveries.value = logged.value;
    } finally {
      loading.value = false;
    }
  }

  async function complete(transactionId: string, paymentStatus: Exclude<PaymentStatus, 'Pending'>): Promise<void> {
    busy.value = transactionId;
    try {
      const result = await api['simulator.complete']({ transactionId, paymentStatus, ...inWorld() });
      if (result.ok) {
        completion.value = {
          ok: true,
          transactionId,
          text: t('simulatorView.completed', {
            id: transactionId,
            status: describePaymentStatus(result.value.paymentStatus).label,
          }),
        };
      } else {
        markNotRunning(result.error);
        completion.value = {
          ok: false,
          transactionId,
          text: t('simulatorView.completeFailed', {
            id: transactionId,
            status: paymentStatus,
            failure: describeFailure(result.error),
          }),
        };
      }
      await refresh();
    } finally {
      busy.value = null;
    }
  }

  /** Shows another world: what was said about the previous one no longer applies. */
  async function chooseWorld(id: string | null): Promise<void> {
    worldId.value = id;
    completion.value = null;
    clockOutcome.value = null;
    worldOutcome.value = null;
    await refresh();
  }

  /**
   * "Discard this world" for the chosen run or session world: main decides whether it may go; what the
   * page kept of it (History rows, last orders) goes with it, and the screen returns to the user's Sandbox.
   */
  async function discardWorld(name: string): Promise<void> {
    const id = worldId.value;
    if (id === null) return;
    busy.value = 'world';
    try {
      const result = await api['simulator.discardWorld']({ worldId: id });
      if (result.ok) {
        await forgetWorldRecords([worldProfileId(id, 'A'), worldProfileId(id, 'B')]);
        await chooseWorld(null);
        worldOutcome.value = { ok: true, transactionId: null, text: t('simulator.worldDiscarded', { name }) };
      } else {
        worldOutcome.value = {
          ok: false,
          transactionId: null,
          text: t('simulator.discardWorldFailed', { failure: describeFailure(result.error) }),
        };
        await refresh();
      }
    } finally {
      busy.value = null;
    }
  }

  async function advanceClock(seconds: number): Promise<void> {
    busy.value = 'clock';
    try {
      const result = await api['simulator.advanceClock']({ seconds, ...inWorld() });
      clockOutcome.value = result.ok
        ? {
            ok: true,
            transactionId: null,
            text: t('simulatorView.moved', {
              duration: formatDuration(seconds),
              now: formatInstant(result.value.now),
              offset: formatDuration(result.value.offsetSeconds),
            }),
          }
        : {
            ok: false,
            transactionId: null,
            text: t('simulatorView.moveFailed', { failure: describeFailure(result.error) }),
          };
      if (!result.ok) markNotRunning(result.error);
      await refresh();
    } finally {
      busy.value = null;
    }
  }

  return {
    status,
    transactions,
    deliveries,
    loadError,
    loading,
    busy,
    completion,
    clockOutcome,
    notRunning,
    worldId,
    worlds,
    chooseWorld,
    discardWorld,
    worldOutcome,
    refresh,
    complete,
    advanceClock,
  };
}

export type SimulatorPanel = ReturnType<typeof useSimulator>;
