/**
 * The Settings screen's secret-storage section over `vault.*`: where real profiles' secrets live, and
 * choosing or unlocking the encrypted file vault. The passphrase is only what the user is typing; it
 * is sent once and cleared, never kept. Refusals are kept as sentences, never thrown.
 */
import { computed, ref } from 'vue';
import type { VaultStatus } from '@shared/contract/vault';
import { useConsoleApi } from '../../api';
import { useAppInfoStore } from '../../stores/app-info';
import { t } from '../../i18n';
import { consoleErrorText } from '../../i18n/console-error';

export type VaultStep = 'keychain' | 'choose' | 'unlock' | 'unlocked' | 'missing';

export function useVault() {
  const api = useConsoleApi();
  const appInfo = useAppInfoStore();
  const status = ref<VaultStatus | null>(null);
  const passphrase = ref('');
  const confirmation = ref('');
  const busy = ref(false);
  const message = ref<{ ok: boolean; text: string } | null>(null);

  /**
   * What the section offers: nothing to do with a keychain; else choose, unlock, or lock the vault; and
   * when the chosen vault's file is gone, the user's decision: a new vault, or session memory.
   */
  const step = computed<VaultStep | null>(() => {
    const current = status.value;
    if (!current) return null;
    if (current.vaultMissing) return 'missing';
    if (current.backend === 'file-vault') return current.unlocked ? 'unlocked' : 'unlock';
    if (current.vaultExists) return 'unlock';
    return current.keychainAvailable ? 'keychain' : 'choose';
  });

  /** Steps whose form creates a new vault (and so asks for the passphrase twice). */
  const creates = computed(() => step.value === 'choose' || step.value === 'missing');
  const mismatch = computed(
    () => creates.value && confirmation.value !== '' && confirmation.value !== passphrase.value,
  );
  const canSubmit = computed(() => {
    if (busy.value || passphrase.value.length < 8) return false;
    return !creates.value || confirmation.value === passphrase.value;
  });

  async function refresh(): Promise<void> {
    const result = await api['vault.status']();
    if (result.ok) status.value = result.value;
    else message.value = { ok: false, text: consoleErrorText(result.error) };
  }

  async function run(call: () => ReturnType<ReturnType<typeof useConsoleApi>['vault.status']>, done: string) {
    busy.value = true;
    message.value = null;
    try {
      const result = await call();
      if (result.ok) {
        status.value = result.value;
        message.value = { ok: true, text: done };
        // The top bar shows where secrets live: refresh it.
        await appInfo.load();
      } else {
        message.value = { ok: false, text: consoleErrorText(result.error) };
      }
    } finally {
      passphrase.value = '';
      confirmation.value = '';
      busy.value = false;
    }
  }

  const create = () => run(() => api['vault.create']({ passphrase: passphrase.value }), t('vault.inUse'));
  const unlock = () => run(() => api['vault.unlock']({ passphrase: passphrase.value }), t('vault.unlocked'));
  const lock = () => run(() => api['vault.lock'](), t('vault.locked'));
  const useSessionMemory = () => run(() => api['vault.useSessionMemory'](), t('vault.sessionMemoryChosen'));

  return {
    status,
    step,
    creates,
    passphrase,
    confirmation,
    mismatch,
    canSubmit,
    busy,
    message,
    refresh,
    create,
    unlock,
    lock,
    useSessionMemory,
  };
}
