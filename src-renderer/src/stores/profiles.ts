import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { Profile, ProfileSettingsInput, SecretName } from '@shared/contract/profiles';
import type { Result } from '@shared/result';
import { useConsoleApi } from '../api';
import { consoleErrorText } from '../i18n/console-error';

export const ACTIVE_PROFILE_KEY = 'gateway-console.active-profile';
const DEFAULT_PROFILE_ID = 'sandbox-a';

/**
 * The profiles main knows (secrets only as {set, last4}) and the active one, remembered across restarts.
 * Every change goes through main; the list reloads on `profiles.changed`, whoever made the change.
 */
export const useProfilesStore = defineStore('profiles', () => {
  const profiles = shallowRef<Profile[]>([]);
  const problems = ref<string[]>([]);
  const error = ref<string | null>(null);
  const loaded = ref(false);
  const activeId = ref<string>(localStorage.getItem(ACTIVE_PROFILE_KEY) ?? DEFAULT_PROFILE_ID);
  watch(activeId, (id) => localStorage.setItem(ACTIVE_PROFILE_KEY, id));

  const byId = (id: string) => profiles.value.find((profile) => profile.id === id);
  /** Falls back to the first profile (a Sandbox) when the remembered one was deleted. */
  const active = computed<Profile | null>(() => byId(activeId.value) ?? profiles.value[0] ?? null);

  /**
   * Loads overlap: a change pushes `profiles.changed` and the caller also reloads, and several
   * changes in a row each push one. Answers can arrive in any order (a busy main process, separate
   * HTTP connections), so only the newest request may write the list: an older answer landing last
   * would bring back a profile that was just deleted, or hide one just created.
   */
  let newestLoad = 0;
  async function load(): Promise<void> {
    const ticket = ++newestLoad;
    const result = await useConsoleApi()['profiles.list']();
    if (ticket !== newestLoad) return;
    if (!result.ok) {
      error.value = consoleErrorText(result.error);
      return;
    }
    profiles.value = result.value.profiles;
    problems.value = result.value.problems;
    error.value = null;
    loaded.value = true;
  }

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    useConsoleApi().on('profiles.changed', () => void load());
    void load();
  }

  /** Keeps the list current without waiting for the push event. */
  const refreshed = async <T>(result: Result<T>): Promise<Result<T>> => {
    if (result.ok) await load();
    return result;
  };

  const save = async (input: {
    id?: string | undefined;
    settings: ProfileSettingsInput;
    secrets?: Partial<Record<SecretName, string>>;
    lookupOnlyRelease?: { profileName: string };
  }) => refreshed(await useConsoleApi()['profiles.save'](input));
  const remove = async (id: string) => refreshed(await useConsoleApi()['profiles.delete']({ id }));
  const clearSecret = async (id: string, name: SecretName) =>
    refreshed(await useConsoleApi()['profiles.clearSecret']({ id, name }));
  const testConnection = (id: string) => useConsoleApi()['profiles.testConnection']({ id });
  const newLookupOnly = async (fromId: string, name: string) =>
    refreshed(await useConsoleApi()['profiles.newLookupOnly']({ fromId, name }));

  return {
    profiles,
    problems,
    error,
    loaded,
    activeId,
    active,
    byId,
    load,
    start,
    save,
    remove,
    clearSecret,
    testConnection,
    newLookupOnly,
  };
});
