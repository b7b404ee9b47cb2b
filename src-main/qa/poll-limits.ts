/**
 * How hard a scenario may poll a real gateway. On the Sandbox a scenario may poll as fast as it likes
 * (the simulator is the user's own); on a test or production gateway every query reaches someone else's
 * service, so `pollUntil` waits at least a second between queries (longer when the gateway asked so with
 * Retry-After), a run sends at most a fixed number of polling queries, and polling a production profile
 * needs the user's confirmation naming that profile — given before the run starts, so nothing is sent
 * without it.
 */
import { ConsoleFailure } from '@shared/result';
import type { Exchange } from '@shared/exchange';
import { parseRetryAfter } from '../gateway/retry-policy';
import type { Scenario } from './scenario-format';
import { mainText } from '@shared/console-text';

/** The shortest wait between two polling queries to a non-Sandbox gateway. */
export const MIN_POLL_INTERVAL_MS = 1_000;
/** The most polling status queries one run sends to non-Sandbox gateways. */
export const MAX_POLL_QUERIES_PER_RUN = 60;

export interface PollTarget {
  name: string;
  environment: string;
}

export const isSandboxTarget = (profile: PollTarget): boolean => profile.environment === 'sandbox';

/** The wait before the next query: the scenario's interval, raised to the floor and to Retry-After. */
export function pollWaitMs(profile: PollTarget, intervalSeconds: number, last: Exchange | undefined): number {
  const asked = intervalSeconds * 1000;
  if (isSandboxTarget(profile)) return asked;
  const headers = last?.response?.headers ?? {};
  const retryAfterName = Object.keys(headers).find((name) => name.toLowerCase() === 'retry-after');
  const retryAfter = parseRetryAfter(retryAfterName ? headers[retryAfterName] : undefined) ?? 0;
  return Math.max(asked, MIN_POLL_INTERVAL_MS, retryAfter);
}

export const pollCapMessage = (sent: number): string =>
  `Stopped polling: ${sent} status queries were sent, the most one run may send to a test or production gateway (${MAX_POLL_QUERIES_PER_RUN}).`;

/**
 * Refuses a run that would poll a production profile without a confirmation naming it. Checked before
 * the run starts (and again by the runner), so an unconfirmed run sends nothing at all.
 */
export function refuseUnconfirmedProductionPolling(
  scenarios: readonly Scenario[],
  profiles: Partial<Record<'A' | 'B', PollTarget>>,
  confirmation: { profileName: string } | undefined,
): void {
  for (const scenario of scenarios) {
    const profile = profiles[scenario.variant];
    if (!profile || profile.environment !== 'production') continue;
    if (!scenario.steps.some((step) => step.input.kind === 'pollUntil')) continue;
    if (!confirmation)
      throw new ConsoleFailure(
        'confirmation-required',
        mainText('qaConfirmProduction', { scenario: scenario.name, name: profile.name }),
        { profileName: profile.name, scenario: scenario.file },
      );
    if (confirmation.profileName !== profile.name)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        mainText('qaConfirmMismatch', { typed: confirmation.profileName, name: profile.name }),
        { profileName: profile.name },
      );
  }
}
