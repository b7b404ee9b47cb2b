/**
 * Demo mode: "Start demo" first shows what a reset of the Sandbox would remove and waits for the user's
 * yes (`askStart` → `start`), because the presenter's own Sandbox work is on the line. Then it resets the
 * Sandbox (simulator and its History, through the Simulator screen's own reset), seeds the demo's three
 * weeks in main (`demo.seed`), records the seeded exchanges in History at their story times, and opens the
 * tour. "End demo" offers the reset again.
 */
import { computed, ref } from 'vue';
import { useConsoleApi } from '../../api';
import { formatDateTime } from '../../i18n/format';
import { t } from '../../i18n';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { describePreview, useSandboxReset } from '../simulator/use-sandbox-reset';
import { consoleErrorText } from '../../i18n/console-error';

export function useDemoMode() {
  const api = useConsoleApi();
  const recorder = useHistoryRecorderStore();
  const reset = useSandboxReset(api);
  const busy = ref(false);
  const outcome = ref<{ ok: boolean; text: string } | null>(null);
  const confirmingEnd = ref(false);
  const confirmingStart = ref(false);
  /** What Start demo's reset would remove, listed in its confirmation. */
  const startPreview = computed(() => (reset.preview.value ? describePreview(reset.preview.value) : []));

  /** Counts what the reset would remove and asks; nothing is reset until `start` is called. */
  async function askStart(): Promise<void> {
    busy.value = true;
    try {
      await reset.prepare();
      confirmingStart.value = true;
    } finally {
      busy.value = false;
    }
  }

  /** The user said no (or closed the question): nothing was reset. A yes already under way is left alone. */
  function cancelStart(): void {
    if (!confirmingStart.value) return;
    confirmingStart.value = false;
    reset.cancel();
  }

  /** `counted`: the preview the user just confirmed is still the one to reset against. */
  async function resetSandbox(counted = false): Promise<boolean> {
    if (!counted || !reset.preview.value) await reset.prepare();
    if (await reset.confirm()) return true;
    outcome.value = {
      ok: false,
      text: t('demo.resetFailed', { message: reset.outcome.value?.text ?? '' }),
    };
    return false;
  }

  /** Reset, seed, record — after the user confirmed (`askStart`). Resolves true when the Sandbox holds the demo's history. */
  async function start(): Promise<boolean> {
    if (!confirmingStart.value) return false;
    confirmingStart.value = false;
    busy.value = true;
    outcome.value = { ok: true, text: t('demo.seeding') };
    try {
      if (!(await resetSandbox(true))) return false;
      const seeded = await api['demo.seed']();
      if (!seeded.ok) {
        outcome.value = { ok: false, text: t('demo.seedFailed', { message: consoleErrorText(seeded.error) }) };
        return false;
      }
      for (const exchange of seeded.value.exchanges) await recorder.record(exchange);
      outcome.value = {
        ok: true,
        text: t('demo.seeded', {
          orders: seeded.value.orders,
          from: formatDateTime(Date.parse(seeded.value.from)),
          to: formatDateTime(Date.parse(seeded.value.to)),
        }),
      };
      return true;
    } finally {
      busy.value = false;
    }
  }

  /** Ends the demo; `resetNow` is the user's answer to the offered reset. */
  async function end(resetNow: boolean): Promise<void> {
    confirmingEnd.value = false;
    if (!resetNow) {
      outcome.value = { ok: true, text: t('demo.endedKept') };
      return;
    }
    busy.value = true;
    try {
      if (await resetSandbox()) outcome.value = { ok: true, text: t('demo.ended') };
    } finally {
      busy.value = false;
    }
  }

  return { busy, outcome, confirmingEnd, confirmingStart, startPreview, askStart, cancelStart, start, end };
}
