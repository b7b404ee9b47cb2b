import type { ConnectionTest } from '@shared/contract/profiles';

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
  const action = test.exchange?.suggestedAction ?? null;
  // Main's message repeats the suggested action; the gateway's own summary says what happened.
  const answered = test.exchange ? `The gateway answered: ${test.exchange.summary}.` : test.message;
  switch (test.verdict) {
    case 'ok':
      return { kind: 'success', title: 'Connected', detail: test.message, action: null };
    case 'unreachable':
      return {
        kind: 'error',
        title: 'Gateway unreachable',
        detail: test.message,
        action: 'Check the base URL, the path prefix and your network; nothing answered at that address.',
      };
    case 'credentials-rejected':
      if (status === 401)
        return { kind: 'error', title: 'Wrong bearer token (HTTP 401 Unauthorized)', detail: answered, action };
      if (status === 403)
        return { kind: 'error', title: 'Wrong client id (HTTP 403 Forbidden)', detail: answered, action };
      return { kind: 'error', title: 'Credentials rejected', detail: test.message, action };
    default:
      return { kind: 'warning', title: 'Unexpected answer', detail: test.message, action };
  }
}
