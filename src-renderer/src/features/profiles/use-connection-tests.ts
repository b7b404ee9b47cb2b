import { reactive } from 'vue';
import { useProfilesStore } from '../../stores/profiles';
import { describeConnectionTest, type ConnectionVerdict } from './connection-verdict';
import { t } from '../../i18n';
import { consoleErrorText } from '../../i18n/console-error';

/** "Test connection" per profile: which ones are running and the last verdict of each. */
export function useConnectionTests() {
  const store = useProfilesStore();
  const running = reactive<Record<string, boolean>>({});
  const verdicts = reactive<Record<string, ConnectionVerdict>>({});

  async function run(profileId: string): Promise<void> {
    running[profileId] = true;
    const result = await store.testConnection(profileId);
    running[profileId] = false;
    verdicts[profileId] = result.ok
      ? describeConnectionTest(result.value)
      : {
          kind: 'error',
          title: t('connection.failed'),
          detail: consoleErrorText(result.error),
          action: null,
        };
  }

  return { running, verdicts, run };
}
