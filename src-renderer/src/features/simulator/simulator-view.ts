/**
 * Pure helpers of the Simulator panel: which statuses a transaction may still move to, the clock
 * presets and units, how the simulator's addresses, times and refusals read on screen.
 */
import type { ConsoleError } from '@shared/result';
import { isPaymentStatus, PAYMENT_STATUS_TRANSITIONS, type PaymentStatus } from '@shared/gateway/codes';
import { t } from '../../i18n';
import { formatAmount as formatLocalAmount } from '../../i18n/format';
import { consoleErrorText } from '../../i18n/console-error';
import { formatDuration } from '../../composables/world-time';
import type { SimulatorTransaction } from '@shared/contract/simulator';
import { deriveTransactionState, gatewayTime, type TransactionState } from '@shared/transaction-state';

/** Statuses `simulator.complete` accepts from `current` (the simulator's state machine; finals: none). */
export function completionTargets(current: string): PaymentStatus[] {
  return isPaymentStatus(current) ? [...PAYMENT_STATUS_TRANSITIONS[current]] : [];
}

export const CLOCK_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type ClockUnit = keyof typeof CLOCK_UNITS;
/** The contract's upper bound for one jump. */
export const MAX_ADVANCE_SECONDS = 400 * 86_400;

export const CLOCK_PRESETS = [
  { label: '+5 min', seconds: 300 },
  { label: '+1 h', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
] as const;

/** The custom clock field as seconds, or a sentence naming what is wrong with it. */
export function customAdvance(amount: number | null, unit: ClockUnit): { seconds: number } | { error: string } {
  if (amount === null || !Number.isFinite(amount)) return { error: t('simulatorView.enterAmount') };
  if (amount <= 0) return { error: t('simulatorView.forwardOnly') };
  const seconds = Math.round(amount * CLOCK_UNITS[unit]);
  if (seconds > MAX_ADVANCE_SECONDS) return { error: t('simulatorView.maxJump') };
  return { seconds };
}

/** "+1 d 2 h 5 min" style; the simulator clock's offset from real time (shared with every world-time label). */
export { formatDuration };

/** An ISO instant as "2026-01-02 10:00:00 UTC": the simulator's own time, not the viewer's zone. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** How far `iso` lies from the simulator clock ("in +29 min", "passed"). */
export function relativeToClock(iso: string, now: string | null | undefined): string {
  if (!now) return '';
  const delta = (Date.parse(iso) - Date.parse(now)) / 1000;
  if (Number.isNaN(delta)) return '';
  return delta <= 0
    ? t('simulatorView.passed')
    : t('simulatorView.inDuration', { duration: formatDuration(delta).slice(1) });
}

export const formatAmount = (amount: { value: number; currency: string }): string =>
  formatLocalAmount(amount.value, amount.currency);

/** Base path and version read off the API address (`{url}{basePath}/{version}`, `/payments` optional). */
export function describeApi(url: string | null, apiUrl: string | null): { basePath: string; version: string } | null {
  if (!url || !apiUrl?.startsWith(url)) return null;
  const path = apiUrl.slice(url.length).replace(/\/payments\/?$|\/$/, '');
  const match = /^(.*)\/([^/]+)$/.exec(path);
  return match ? { basePath: match[1] || '/', version: match[2] ?? '' } : null;
}

const FAILURE_TITLES: Record<string, string> = {
  conflict: 'simulatorView.failure.conflict',
  'not-found': 'simulatorView.failure.notFound',
  'invalid-input': 'simulatorView.failure.invalidInput',
  'simulator-not-running': 'simulatorView.failure.notRunning',
};

/** A refusal as one line: what kind, the simulator's words and its statusCode when it gave one. */
export function describeFailure(error: ConsoleError): string {
  const key = FAILURE_TITLES[error.code];
  const title = key ? t(key) : t('simulatorView.failure.other', { code: error.code });
  const details = error.details as { statusCode?: unknown } | undefined;
  const code = typeof details?.statusCode === 'string' ? ` [${details.statusCode}]` : '';
  return `${title}: ${consoleErrorText(error)}${code}`;
}

/**
 * A simulated transaction's state through the one shared derivation every other view uses: the
 * simulator (main) gives the row's facts — its status, when it changed, its follow-ups, its expiry —
 * and whether it is final, what may still be done and what the badge says are read from them exactly as
 * for History or the Orders card, never from a rule of the Simulator screen's own.
 */
export function simulatorRowState(row: SimulatorTransaction): TransactionState {
  const changedAt = gatewayTime(row.history.at(-1)?.at ?? row.createdAt);
  const report = {
    status: row.paymentStatus,
    statusCode: row.history.at(-1)?.statusCode ?? null,
    source: 'answer' as const,
    gatewayAt: changedAt,
    observedAt: changedAt ?? 0,
    id: row.transactionID,
  };
  return deriveTransactionState([report], {
    transactionId: row.transactionID,
    methods: row.paymentMethodList,
    referenceGenerated: row.reference !== undefined,
    mbwayRequested: row.mbwayPhone !== undefined,
    actionPending: row.actionPending,
    expiry: row.expiry,
  });
}
