/**
 * The workspace's reveal audit trail as main reads it for a lead: pages newest first, the chain's
 * verification, and exports. Main runs every query as the console's own login; an agent's refusal comes
 * from the database, in main's words. The page decides nothing.
 */
import { ref, shallowRef } from 'vue';
import type { TeamAuditEntry, TeamAuditFilter, TeamAuditVerification } from '@shared/contract/team';
import { useConsoleApi } from '../../api';
import { consoleErrorText } from '../../i18n/console-error';
import { downloadText } from '../../services/download';

const PAGE = 50;

export function useTeamAuditTrail() {
  const api = useConsoleApi();
  const entries = shallowRef<TeamAuditEntry[]>([]);
  const nextBeforeSeq = ref<string | null>(null);
  const verification = ref<TeamAuditVerification | null>(null);
  const error = ref<string | null>(null);
  const loaded = ref(false);
  const busy = ref(false);
  let applied: TeamAuditFilter = { from: null, to: null, actor: '', transactionId: '' };

  async function run<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: Parameters<typeof consoleErrorText>[0] }>,
  ) {
    busy.value = true;
    try {
      const result = await work();
      if (!result.ok) {
        error.value = consoleErrorText(result.error);
        return null;
      }
      error.value = null;
      return result.value;
    } finally {
      busy.value = false;
    }
  }

  return {
    entries,
    nextBeforeSeq,
    verification,
    error,
    loaded,
    busy,
    /** The newest page for these filters. */
    async search(filter: TeamAuditFilter) {
      applied = filter;
      const page = await run(() => api['team.auditTrail']({ filter, beforeSeq: null, limit: PAGE }));
      if (!page) return;
      entries.value = page.entries;
      nextBeforeSeq.value = page.nextBeforeSeq;
      loaded.value = true;
    },
    /** The next (older) page, appended. */
    async older() {
      const beforeSeq = nextBeforeSeq.value;
      if (!beforeSeq) return;
      const page = await run(() => api['team.auditTrail']({ filter: applied, beforeSeq, limit: PAGE }));
      if (!page) return;
      entries.value = [...entries.value, ...page.entries];
      nextBeforeSeq.value = page.nextBeforeSeq;
    },
    async verify() {
      verification.value = await run(() => api['team.verifyAudit']());
    },
    async exportAs(format: 'csv' | 'json') {
      const file = await run(() => api['team.exportAudit']({ filter: applied, format }));
      if (file) downloadText(file.fileName, file.text, format === 'csv' ? 'text/csv' : 'application/json');
    },
  };
}
