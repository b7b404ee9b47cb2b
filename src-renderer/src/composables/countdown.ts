import { computed, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { t } from '../i18n';
import { worldNow } from './use-now';

/** "14:59", "1 h 02:03" or "expired": time left until an ISO date-time. */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return t('result.expired');
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  if (hours >= 48) return t('display.days', { n: Math.floor(hours / 24) });
  return hours ? `${hours} h ${mmss}` : mmss;
}

/**
 * A live countdown to `until` (ticks every second while mounted). `stopped` (a final payment) stops the
 * ticking: the payment can no longer expire, so the remaining time means nothing. `until` is in the
 * gateway's time: `clockOffsetMs` (its clock minus ours, composables/world-time.ts) puts "now" on that
 * clock, or a Sandbox moved +1 h would show an hour too much left.
 */
export function useCountdown(
  until: Ref<string | undefined>,
  stopped: Ref<boolean> = ref(false),
  clockOffsetMs: Readonly<Ref<number | null | undefined>> = ref(null),
) {
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  watch(
    stopped,
    (isStopped) => {
      stop();
      if (!isStopped) timer = setInterval(() => (now.value = Date.now()), 1000);
    },
    { immediate: true },
  );
  onBeforeUnmount(stop);
  const gatewayNow = worldNow(now, clockOffsetMs);
  const remainingMs = computed(() => {
    const at = until.value ? Date.parse(until.value) : NaN;
    return Number.isNaN(at) ? null : at - gatewayNow.value;
  });
  return {
    remainingMs,
    label: computed(() => (remainingMs.value === null ? null : formatRemaining(remainingMs.value))),
  };
}
