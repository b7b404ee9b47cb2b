import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppNotice } from '@shared/contract/app';
import { useConsoleApi } from '../api';

/**
 * Main's notices for the user: the ones raised before this window connected (`app.notices`), then
 * each new one as it is pushed (`app.notice`). The user may dismiss them; nothing else removes them.
 */
export const useAppNoticesStore = defineStore('app-notices', () => {
  const notices = ref<Array<AppNotice & { key: number }>>([]);
  let nextKey = 0;
  const keyed = (notice: AppNotice) => ({ ...notice, key: nextKey++ });
  const same = (a: AppNotice, b: AppNotice) => a.level === b.level && a.message === b.message;

  let started = false;
  async function start(): Promise<void> {
    if (started) return;
    started = true;
    const api = useConsoleApi();
    // Subscribe before asking for the list, so a notice raised meanwhile is not lost.
    api.on('app.notice', (notice) => {
      notices.value = [...notices.value, keyed(notice)];
    });
    const result = await api['app.notices']();
    if (!result.ok) return;
    const live = notices.value;
    const earlier = result.value.notices.filter((notice) => !live.some((seen) => same(seen, notice)));
    notices.value = [...earlier.map(keyed), ...live];
  }

  function dismiss(key: number): void {
    notices.value = notices.value.filter((notice) => notice.key !== key);
  }

  return { notices, start, dismiss };
});
