/** Browser storage facts for the Settings/History panels: persistence and usage against quota. */

import { t } from '../i18n';
import { formatBytes as formatSize } from '../i18n/format';

export interface StorageUsage {
  usage: number | null;
  quota: number | null;
  persisted: boolean;
}

export async function storageUsage(storage: StorageManager | undefined = navigator.storage): Promise<StorageUsage> {
  if (!storage) return { usage: null, quota: null, persisted: false };
  const [estimate, persisted] = await Promise.all([
    storage.estimate?.().catch(() => null) ?? null,
    storage.persisted?.().catch(() => false) ?? false,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Asks the browser not to evict history under storage pressure. Returns whether it agreed. */
export async function requestPersistence(storage: StorageManager | undefined = navigator.storage): Promise<boolean> {
  return (await storage?.persist?.().catch(() => false)) ?? false;
}

/** True for IndexedDB's "disk full / over quota" failures, however Dexie wraps them. */
export function isQuotaError(error: unknown): boolean {
  for (
    let current = error as { name?: string; inner?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (current.name === 'QuotaExceededError') return true;
    current = current.inner as typeof current;
  }
  return false;
}

/** A quota figure in the current language; the browser may not report one. */
export function formatBytes(bytes: number | null): string {
  return bytes === null ? t('common.notReported') : formatSize(bytes);
}
