import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { Exchange } from '@shared/exchange';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { recordExchange, type ProfileInfo, type RecordOutcome } from '../db/history-writer';
import { applyRetention, DEFAULT_RETENTION } from '../db/retention';
import { reindexCaseNotes } from '../services/case-notes';
import { onQuarantine, type QuarantineReport } from '../db/quarantine';
import { useUserSettingsStore } from './user-settings';
import { isQuotaError } from '../services/storage-quota';
import { t } from '../i18n';

/**
 * The one recorder: every Exchange main records lands in history, whichever screen (or CLI) made the
 * call — read from main's record by `record-index`, or stored at once by the screen that made it. It also knows the profiles (names, environments) that rows are labelled with.
 * A write that fails (disk full, quota) keeps the Exchange here, in memory, until retried or exported.
 */
export const useHistoryRecorderStore = defineStore('history-recorder', () => {
  const profiles = shallowRef<ProfileInfo[]>([]);
  /** Exchanges that could not be saved; shown with Retry / Export. */
  // Shallow: a reactive proxy around an Exchange could not be written to IndexedDB on retry (DataCloneError).
  const unsaved = shallowRef<{ exchange: Exchange; reason: string }[]>([]);
  const quarantineReports = ref<QuarantineReport[]>([]);
  /** Bumped after every successful write so lists can refresh. */
  const revision = ref(0);
  let started = false;
  let profilesReady: Promise<void> = Promise.resolve();

  const profileById = (id: string) => profiles.value.find((profile) => profile.id === id);

  async function loadProfiles(): Promise<void> {
    const result = await useConsoleApi()['profiles.list']();
    if (result.ok)
      profiles.value = result.value.profiles.map((p) => ({
        id: p.id,
        name: p.name,
        environment: p.environment,
        variant: p.variant,
        lookupOnly: p.lookupOnly,
      }));
  }

  async function record(exchange: Exchange): Promise<RecordOutcome | null> {
    try {
      // Rows are labelled with their profile's name and environment: wait for the first profile list.
      await profilesReady;
      const outcome = await recordExchange(useHistoryDb(), exchange, profileById);
      revision.value++;
      return outcome;
    } catch (error) {
      const reason = isQuotaError(error)
        ? t('recorder.full')
        : t('recorder.notSaved', { error: error instanceof Error ? error.message : String(error) });
      if (!unsaved.value.some((u) => u.exchange.id === exchange.id))
        unsaved.value = [...unsaved.value, { exchange, reason }];
      return null;
    }
  }

  async function retryUnsaved(): Promise<void> {
    const waiting = unsaved.value;
    unsaved.value = [];
    for (const { exchange } of waiting) await record(exchange);
  }

  /**
   * Main's record keeps what History keeps, or a History rebuilt from it (another origin, a cleared
   * browser) would bring back what retention removed. Main takes the limits from its own saved setting:
   * this only asks it to apply them now.
   */
  async function applyRecordRetention(): Promise<void> {
    await useConsoleApi()['record.applyRetention']();
  }

  /** Subscribes once, at start-up. */
  function start(): void {
    if (started) return;
    started = true;
    const api = useConsoleApi();
    profilesReady = loadProfiles().catch(() => undefined);
    // A profile made just before its first call (a scenario run's Sandbox world) must label its rows with
    // its environment, not "unknown": what is recorded after a change waits for the new list.
    api.on('profiles.changed', () => (profilesReady = loadProfiles().catch(() => undefined)));
    // Pushed exchanges reach History through main's record (stores/record-index), in seq order.
    onQuarantine((report) => quarantineReports.value.push(report));
    // Retention is main's setting: main applies it to its record itself (at start and when it is saved);
    // this browser's index follows once main has said what it is. "Apply retention now" covers the rest.
    const settings = useUserSettingsStore();
    void settings
      .ready()
      .then(() => applyRetention(useHistoryDb(), settings.settings.historyRetention ?? DEFAULT_RETENTION))
      .then((removed) => removed && revision.value++)
      .catch(() => undefined);
    // Main keeps the case notes; this browser's search index of them is rebuilt from main each start.
    void reindexCaseNotes(api, useHistoryDb()).catch(() => undefined);
  }

  /** Settles once the latest profile list is in (rows are labelled from it). */
  const whenProfilesReady = (): Promise<void> => profilesReady;

  return {
    profiles,
    whenProfilesReady,
    unsaved,
    quarantineReports,
    revision,
    profileById,
    loadProfiles,
    record,
    retryUnsaved,
    applyRecordRetention,
    start,
  };
});
