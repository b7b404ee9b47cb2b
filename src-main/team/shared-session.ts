/**
 * What of an ended QA session leaves the machine for the team workspace: the session (name, tester,
 * objective, verdicts) with free text scrubbed, and each recorded call masked like any shared exchange.
 * Evidence ids are derived from the session and entry ids, so sharing the same session again adds nothing twice.
 */
import { createHash } from 'node:crypto';
import type { SessionEntry, TestSession } from '@shared/contract/test-sessions';
import { redactText } from '../common/redact-text';
import { maskEmailsIn } from '@shared/support/customer-data';
import { shareableExchange, type SharingRules } from './shared-exchange';

const scrub = (text: string): string => maskEmailsIn(redactText(text));

/** A stable UUID-shaped id for one piece of evidence (the workspace keys evidence by uuid). */
export function evidenceClientId(sessionId: string, entryId: string): string {
  const hex = createHash('sha256').update(`${sessionId}/${entryId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function shareableSession(
  session: TestSession,
  entries: SessionEntry[],
  merchantId: string,
  rules: SharingRules,
): Record<string, unknown> {
  return {
    scope: { merchantId, terminalId: session.terminalId },
    name: scrub(session.name),
    session: {
      name: scrub(session.name),
      tester: scrub(session.tester),
      objective: scrub(session.objective),
      profileName: scrub(session.profileName),
      environment: session.environment,
      terminalId: session.terminalId,
      variant: session.variant,
      startedAt: session.startedAt,
      endedAt: session.endedAt,
      verdicts: Object.entries(session.verdicts).map(([key, verdict]) => ({
        key,
        passed: verdict.passed,
        note: scrub(verdict.note),
        at: verdict.at,
      })),
    },
    evidence: entries.map((entry) => ({
      clientId: evidenceClientId(session.id, entry.id),
      entry: {
        at: entry.at,
        kind: entry.kind,
        transactionId: entry.transactionId,
        exchange: entry.exchange ? shareableExchange(entry.exchange, rules).exchange : null,
        notification: entry.notification,
      },
    })),
  };
}
