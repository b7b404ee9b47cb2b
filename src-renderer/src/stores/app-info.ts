import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo } from '@shared/contract/app';
import { useConsoleApi } from '../api';
import { consoleErrorText } from '../i18n/console-error';

/** Facts about the running console (`app.info`), loaded once at start-up. */
export const useAppInfoStore = defineStore('app-info', () => {
  const info = ref<AppInfo | null>(null);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    const result = await useConsoleApi()['app.info']();
    if (result.ok) {
      info.value = result.value;
      error.value = null;
    } else {
      error.value = consoleErrorText(result.error);
    }
  }

  return { info, error, load };
});
