import { computed, onBeforeUnmount, ref, type Ref } from 'vue';

/** "14:59", "1 h 02:03" or "expired": time left until an ISO date-time. */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return 'expired';
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  return hours ? `${hours} h ${mmss}` : mmss;
}

/** A live countdown to `until` (ticks every second while mounted). */
export function useCountdown(until: Ref<string | undefined>) {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), 1000);
  onBeforeUnmount(() => clearInterval(timer));
  const remainingMs = computed(() => {
    const at = until.value ? Date.parse(until.value) : NaN;
    return Number.isNaN(at) ? null : at - now.value;
  });
  return {
    remainingMs,
    label: computed(() => (remainingMs.value === null ? null : formatRemaining(remainingMs.value))),
  };
}
