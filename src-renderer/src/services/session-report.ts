/**
 * A manual test session as a RunResult, so it gets the very same reports as a scenario run: one
 * "scenario" per transaction (its calls and notifications are the steps), with the tester's verdict
 * and note. Calls without a transaction (a failed create) are grouped on their own.
 */
import type { ReportFormat, RunResult, ScenarioResult, StepResult } from '@shared/contract/qa';
import { buildReport } from '@shared/qa/reports';
import { redactBody } from '@shared/redact-export';
import type { SessionEntry, TestSession } from './sessions-db';

const NO_TRANSACTION = '(no transaction)';

export function sessionAsRun(
  session: TestSession,
  entries: readonly SessionEntry[],
  consoleVersion: string,
): RunResult {
  const groups = new Map<string, SessionEntry[]>();
  for (const entry of entries) {
    const key = entry.transactionId ?? NO_TRANSACTION;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const scenarios: ScenarioResult[] = [...groups.entries()].map(([transactionId, list]) => {
    const verdict = session.verdicts[transactionId];
    const steps: StepResult[] = list.map((entry, index) => ({
      index,
      name: entry.exchange
        ? `${entry.exchange.operation} → ${entry.exchange.response ? `HTTP ${entry.exchange.response.status}` : entry.exchange.classification}${entry.exchange.paymentStatus ? ` (${entry.exchange.paymentStatus})` : ''}`
        : `notification ${entry.notification?.paymentStatus ?? ''}${entry.notification?.duplicate ? ' (duplicate)' : ''}`,
      kind: entry.kind,
      line: 0,
      status: 'passed',
      message: null,
      checks: [],
      exchanges: entry.exchange ? [entry.exchange] : [],
      notifications: entry.notification ? [entry.notification] : [],
      note: null,
      startedAt: entry.at,
      durationMs: entry.exchange?.timings.durationMs ?? 0,
    }));
    const first = list[0]!.at;
    const last = list[list.length - 1]!;
    return {
      key: transactionId,
      file: `session/${transactionId}`,
      folder: session.name,
      name: transactionId === NO_TRANSACTION ? 'Calls without a transaction' : `Transaction ${transactionId}`,
      row: null,
      profileId: session.profileId,
      status: verdict ? (verdict.passed ? 'passed' : 'failed') : 'skipped',
      message: verdict ? verdict.note || null : 'No verdict given.',
      steps,
      startedAt: first,
      durationMs: Math.max(0, Date.parse(last.at) - Date.parse(first)),
    };
  });
  const count = (status: string) => scenarios.filter((scenario) => scenario.status === status).length;
  return {
    id: session.id,
    title: `Test session: ${session.name}${session.objective ? ` — ${session.objective}` : ''}`,
    startedAt: session.startedAt,
    finishedAt: session.endedAt,
    consoleVersion,
    tester: session.tester || null,
    profiles: [
      {
        id: session.profileId,
        name: session.profileName,
        environment: session.environment,
        terminalId: session.terminalId,
        variant: session.variant,
      },
    ],
    subject: 'transaction',
    scenarios,
    counts: { total: scenarios.length, passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
  };
}

/** The session's report, through the exports' redaction (signatures, card data) like any export. */
export const sessionReport = (
  session: TestSession,
  entries: readonly SessionEntry[],
  format: ReportFormat,
  consoleVersion: string,
) => buildReport(sessionAsRun(session, entries, consoleVersion), format, redactBody);
