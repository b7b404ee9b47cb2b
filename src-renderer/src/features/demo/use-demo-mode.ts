/**
 * Demo mode: "Start demo" has main make a demo world of its own and seed the demo's three weeks there
 * (`demo.seed`), records the seeded exchanges in History at their times on that world's clock, and hands
 * the tour the demo world's profiles. The user's Sandbox (its transactions and clock) is never touched, so
 * nothing of theirs needs a warning. "End demo" discards the demo world (`demo.end`) and the demo's
 * History rows.
 */
import { ref } from 'vue';
import { useConsoleApi } from '../../api';
import { formatDateTime } from '../../i18n/format';
import { t } from '../../i18n';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { consoleErrorText } from '../../i18n/console-error';
import { forgetWorldRecords } from '../../composables/forget-world-records';

export function useDemoMode() {
  const api = useConsoleApi();
  const recorder = useHistoryRecorderStore();
  const busy = ref(false);
  const outcome = ref<{ ok: boolean; text: string } | null>(null);
  const confirmingEnd = ref(false);

  /** Makes and seeds the demo world; resolves with its profiles (the tour's), or null when it failed. */
  async function start(): Promise<{ A: string; B: string } | null> {
    busy.value = true;
    outcome.value = { ok: true, text: t('demo.seeding') };
    try {
      const seeded = await api['demo.seed']();
      if (!seeded.ok) {
        outcome.value = { ok: false, text: t('demo.seedFailed', { message: consoleErrorText(seeded.error) }) };
        return null;
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
      return seeded.value.profiles;
    } finally {
      busy.value = false;
    }
  }

  /** Discards the demo world and what History kept of it; the user's Sandbox rows stay. */
  async function end(): Promise<boolean> {
    confirmingEnd.value = false;
    busy.value = true;
    try {
      const ended = await api['demo.end']();
      if (!ended.ok) {
        outcome.value = { ok: false, text: t('demo.endFailed', { message: consoleErrorText(ended.error) }) };
        return false;
      }
      await forgetWorldRecords(ended.value.profiles);
      outcome.value = { ok: true, text: t('demo.ended') };
      return true;
    } finally {
      busy.value = false;
    }
  }

  return { busy, outcome, confirmingEnd, start, end };
}
