import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useHistoryDb } from '../db/history-db';
import { templateRepository, type OrderTemplate } from '../features/orders/template-repository';
import { useOrderDraftStore } from './order-draft';

/** Saved order templates (IndexedDB): save the current draft, load one back, delete. */
export const useOrderTemplatesStore = defineStore('order-draft-templates', () => {
  const templates = shallowRef<OrderTemplate[]>([]);
  const problems = ref<string[]>([]);
  const error = ref<string | null>(null);
  const repo = () => templateRepository(useHistoryDb());

  const failed = (cause: unknown) => {
    error.value = cause instanceof Error ? cause.message : String(cause);
  };

  async function load(): Promise<void> {
    try {
      const result = await repo().list();
      templates.value = result.templates;
      problems.value = result.problems;
      error.value = null;
    } catch (cause) {
      failed(cause);
    }
  }

  async function saveCurrent(name: string): Promise<boolean> {
    const draft = useOrderDraftStore();
    if (!draft.draft) return false;
    try {
      await repo().save(name, draft.variant, draft.draft);
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
      await repo().remove(id);
      await load();
    } catch (cause) {
      failed(cause);
    }
  }

  return { templates, problems, error, load, saveCurrent, apply, remove };
});
