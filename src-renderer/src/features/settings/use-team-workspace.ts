/**
 * The team workspace as main reports it: status pushed by main (`team.statusChanged`), configure / test /
 * connect / disconnect asked of main. The page decides nothing; it shows what main says.
 */
import { onBeforeUnmount, onMounted, ref } from 'vue';
import type { TeamStatus, TeamTlsMode } from '@shared/contract/team';
import { useConsoleApi } from '../../api';
import { consoleErrorText, mainTextWords } from '../../i18n/console-error';

export function useTeamWorkspace() {
  const api = useConsoleApi();
  const status = ref<TeamStatus | null>(null);
  const error = ref<string | null>(null);
  const tested = ref<{ schemaVersion: number; login: string } | null>(null);
  let unsubscribe: (() => void) | null = null;

  const take = <T>(result: { ok: true; value: T } | { ok: false; error: Parameters<typeof consoleErrorText>[0] }) => {
    if (!result.ok) {
      error.value = consoleErrorText(result.error);
      return null;
    }
    error.value = null;
    return result.value;
  };

  onMounted(async () => {
    unsubscribe = api.on('team.statusChanged', (next) => (status.value = next));
    status.value = take(await api['team.status']()) ?? status.value;
  });
  onBeforeUnmount(() => unsubscribe?.());

  return {
    status,
    error,
    tested,
    problemText: (current: TeamStatus | null) => (current?.problem ? (mainTextWords(current.problem) ?? null) : null),
    async configure(input: {
      url: string;
      merchantId: string;
      tlsMode: TeamTlsMode;
      caPath: string;
      password: string;
    }) {
      tested.value = null;
      const next = take(
        await api['team.configure']({
          url: input.url,
          merchantId: input.merchantId,
          tlsMode: input.tlsMode,
          caPath: input.caPath.trim() || null,
          password: input.password || null,
        }),
      );
      if (next) status.value = next;
      return next !== null;
    },
    async test() {
      tested.value = take(await api['team.test']());
    },
    async connect() {
      status.value = take(await api['team.connect']()) ?? status.value;
    },
    async disconnect() {
      status.value = take(await api['team.disconnect']()) ?? status.value;
    },
  };
}
