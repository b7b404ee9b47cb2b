import { computed, onBeforeUnmount, ref, shallowRef } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Profile } from '@shared/contract/profiles';
import type { ProxySession } from '@shared/contract/shop-proxy';
import { consoleErrorText } from '../../i18n/console-error';
import { t } from '../../i18n';

/** How often the panel refreshes the count of recorded calls while the proxy runs. */
const REFRESH_MS = 2_000;

/**
 * The recording proxy panel's state. Main decides everything (which profile, production's confirmation,
 * where calls go); the panel asks, shows main's answer, and words main's refusals by their code.
 */
export function useProxyPanel(api: ConsoleApi, profiles: () => readonly Profile[]) {
  const session = shallowRef<ProxySession | null>(null);
  const error = ref<string | null>(null);
  const notice = ref<string | null>(null);
  const busy = ref(false);
  const profileId = ref<string | null>(null);
  const port = ref('');
  const confirmation = ref('');
  const fileName = ref('recording.yaml');
  const scenarioName = ref('Recorded shop session');

  /** The Sandbox records a shop by itself: only test and production profiles are offered. */
  const choices = computed(() => profiles().filter((profile) => profile.environment !== 'sandbox'));
  const chosen = computed(() => choices.value.find((profile) => profile.id === profileId.value) ?? null);
  const needsConfirmation = computed(() => chosen.value?.environment === 'production');

  async function refresh(): Promise<void> {
    const result = await api['shopProxy.status']();
    if (result.ok) session.value = result.value.session;
  }
  const timer = setInterval(() => {
    if (session.value) void refresh();
  }, REFRESH_MS);
  onBeforeUnmount(() => clearInterval(timer));
  void refresh();

  async function start(): Promise<void> {
    if (!chosen.value) return;
    busy.value = true;
    error.value = null;
    notice.value = null;
    const portNumber = port.value.trim() === '' ? undefined : Number(port.value.trim());
    const result = await api['shopProxy.start']({
      profileId: chosen.value.id,
      ...(portNumber !== undefined && Number.isInteger(portNumber) ? { port: portNumber } : {}),
      // Nothing typed is no confirmation at all: main then says the name is needed, not that it differs.
      ...(needsConfirmation.value && confirmation.value.trim() !== ''
        ? { productionConfirmation: { profileName: confirmation.value } }
        : {}),
    });
    busy.value = false;
    if (!result.ok) error.value = consoleErrorText(result.error);
    else session.value = result.value.session;
  }

  async function stop(): Promise<void> {
    busy.value = true;
    const result = await api['shopProxy.stop']();
    busy.value = false;
    if (!result.ok) error.value = consoleErrorText(result.error);
    else session.value = null;
  }

  async function saveScenario(): Promise<void> {
    busy.value = true;
    error.value = null;
    notice.value = null;
    const result = await api['shopProxy.saveScenario']({ file: fileName.value, name: scenarioName.value });
    busy.value = false;
    if (!result.ok) {
      error.value = consoleErrorText(result.error);
      return;
    }
    const { file, steps, skipped } = result.value;
    notice.value = [
      t('shopProxy.saved', { file, steps }),
      ...(skipped.length ? [t('shopProxy.skipped', { count: skipped.length })] : []),
    ].join(' ');
  }

  return {
    session,
    error,
    notice,
    busy,
    profileId,
    port,
    confirmation,
    fileName,
    scenarioName,
    choices,
    needsConfirmation,
    start,
    stop,
    saveScenario,
  };
}
