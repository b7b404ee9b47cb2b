import type { ConnectionTest } from '@shared/contract/profiles';
import { t } from '../../i18n';
import { exchangeActionText, exchangeSummaryText } from '../../i18n/exchange-text';

export interface ConnectionVerdict {
  kind: 'success' | 'error' | 'warning';
  title: string;
  detail: string;
  /** What to do next, from the spec's error table when the gateway refused the call. */
  action: string | null;
}

/**
 * Tells apart the three things a tester gets wrong: the bearer token (401), the client id (403) and
 * the base URL (unreachable). Main only says "credentials rejected"; the HTTP status says which one.
 */
export function describeConnectionTest(test: ConnectionTest): ConnectionVerdict {
  const status = test.exchange?.response?.status;
  const action = test.exchange ? exchangeActionText(test.exchange) : null;
  // Main's message repeats the suggested action; the gateway's own summary says what happened.
  const message = test.message;
  const answered = test.exchange ? t('connection.answered', { summary: exchangeSummaryText(test.exchange) }) : message;
  switch (test.verdict) {
    case 'ok':
      return { kind: 'success', title: t('connection.connected'), detail: message, action: null };
    case 'unreachable':
      return {
        kind: 'error',
        title: t('connection.unreachable'),
        detail: message,
        action: t('connection.unreachableAction'),
      };
    case 'credentials-rejected':
      if (status === 401) return { kind: 'error', title: t('connection.wrongToken'), detail: answered, action };
      if (status === 403) return { kind: 'error', title: t('connection.wrongClientId'), detail: answered, action };
      return { kind: 'error', title: t('connection.rejected'), detail: message, action };
    default:
      return { kind: 'warning', title: t('connection.unexpected'), detail: message, action };
  }
}
