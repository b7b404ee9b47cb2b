import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { templateRepository, type OrderTemplate } from '../services/template-repository';
import type { Json } from '../services/draft-paths';
import { consoleErrorText } from '../i18n/console-error';
import { useOrderDraftStore } from './order-draft';

let legacyMoved: Promise<string[]> | null = null;

/**
 * Templates an older console kept in this browser's IndexedDB go to main, once: the browser's rows are
 * deleted only after main has them, so an interrupted move is simply done again on the next load.
 * Rows that cannot be read stay where they are and are reported.
 */
async function moveLegacyTemplates(): Promise<string[]> {
  const db = useHistoryDb();
  const { templates, problems } = await templateRepository(db).list();
  if (templates.length === 0) return problems;
  const moved = await useConsoleApi()['orders.importTemplates']({
    templates: templates.map(({ name, variant, body, updatedAt }) => ({
      name,
      variant,
      body: body as Record<string, unknown>,
      updatedAt,
    })),
  });
  if (!moved.ok) return [...problems, consoleErrorText(moved.error)];
  await db.templates.bulkDelete(templates.map((template) => template.id));
  return [...problems, ...moved.value.problems.map((problem) => consoleErrorText(problem))];
}

/** Saved order templates, kept by main in the user-data folder: save the current draft, load one back, delete. */
export const useOrderTemplatesStore = defineStore('order-draft-templates', () => {
  const templates = shallowRef<OrderTemplate[]>([]);
  const problems = ref<string[]>([]);
  const error = ref<string | null>(null);

  const failed = (cause: unknown) => {
    error.value = cause instanceof Error ? cause.message : String(cause);
  };

  async function load(): Promise<void> {
    try {
      const legacy = await (legacyMoved ??= moveLegacyTemplates().finally(() => (legacyMoved = null)));
      const result = await useConsoleApi()['orders.templates']();
      if (!result.ok) return failed(consoleErrorText(result.error));
      templates.value = result.value.templates.map((template) => ({ ...template, body: template.body as Json }));
      problems.value = [...legacy, ...result.value.problems.map((problem) => consoleErrorText(problem))];
      error.value = null;
    } catch (cause) {
      failed(cause);
    }
  }

  async function saveCurrent(name: string): Promise<boolean> {
    const draft = useOrderDraftStore();
    if (!draft.draft || !name.trim()) return false;
    try {
      const saved = await useConsoleApi()['orders.saveTemplate']({
        name,
        variant: draft.variant,
        body: JSON.parse(JSON.stringify(draft.draft)) as Record<string, unknown>,
      });
      if (!saved.ok) {
        failed(consoleErrorText(saved.error));
        return false;
      }
      await load();
      return true;
    } catch (cause) {
      failed(cause);
      return false;
    }
  }

  /** A template built for the other variant loads into that variant's draft (shown when its profile is active). */
  function apply(template: OrderTemplate): void {
    useOrderDraftStore().replace(JSON.parse(JSON.stringify(template.body)), template.variant);
  }

  async function remove(id: string): Promise<void> {
    try {
      const removed = await useConsoleApi()['orders.deleteTemplate']({ id });
      if (!removed.ok) return failed(consoleErrorText(removed.error));
      await load();
    } catch (cause) {
      failed(cause);
    }
  }

  return { templates, problems, error, load, saveCurrent, apply, remove };
});
