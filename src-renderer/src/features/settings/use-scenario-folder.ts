/** The scenario folder setting, as main keeps it (`qa.scenarioFolder` / `qa.setScenarioFolder`). */
import { consoleErrorText } from '../../i18n/console-error';
import { ref } from 'vue';
import { useConsoleApi } from '../../api';
import { folderFailure } from '../../composables/use-scenarios';

export function useScenarioFolder() {
  const api = useConsoleApi();
  const current = ref<{ path: string; isDefault: boolean } | null>(null);
  const error = ref<string | null>(null);
  const saved = ref(false);

  async function refresh(): Promise<void> {
    const result = await api['qa.scenarioFolder']();
    if (result.ok) current.value = result.value;
    else error.value = consoleErrorText(result.error);
  }

  /** Asks main to use `path` (null: the default); true when main accepted it. */
  async function choose(path: string | null): Promise<boolean> {
    saved.value = false;
    const result = await api['qa.setScenarioFolder']({ path });
    if (!result.ok) {
      error.value = folderFailure(result.error);
      return false;
    }
    error.value = null;
    current.value = result.value;
    saved.value = true;
    return true;
  }

  return { current, error, saved, refresh, choose };
}
