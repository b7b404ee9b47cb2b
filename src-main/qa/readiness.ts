/**
 * Go-live readiness of a merchant's test profile, after the gateway's production-readiness guidance:
 * environments separated (no credential shared with a production profile, a different gateway address),
 * endpoint and credentials valid (a test connection), the merchant's own webhook reachable and
 * acknowledging a notification the gateway really sent for the profile (re-delivered by replay, ack
 * judged), and timeouts set. Each item is pass or fail with its evidence, as a RunResult so it gets the same reports.
 */
import { randomUUID } from 'node:crypto';
import type { Exchange } from '@shared/exchange';
import type { CheckResult, RunResult, ScenarioResult, StepResult } from '@shared/contract/qa';
import { ConsoleFailure } from '@shared/result';
import type { ReplaySend } from '@shared/contract/notifications';
import type { Environment, SecretName } from '@shared/contract/profiles';
import type { QaProfile } from './scenario-runner';
import { countResults } from './scenario-runner';
import { mainText } from '@shared/console-text';

/** Ends a reason with exactly one full stop (a reason that already ends with one is not doubled). */
const sentence = (text: string): string => `${text.trim().replace(/[.\s]+$/, '')}.`;

/** A transaction id no gateway knows: a 404 proves the address and the credentials. */
export const PROBE_TRANSACTION_ID = 'console-readiness-probe';
/** Longer than this and a shop's checkout hangs on the gateway (spec: Limits say nothing; 60 s is generous). */
export const MAX_SENSIBLE_TIMEOUT_MS = 60_000;

export interface ReadinessDeps {
  profile: QaProfile & { baseUrl: string };
  /** Other saved profiles: production ones are compared with this one. */
  otherProfiles: Array<{ id: string; name: string; environment: string; baseUrl: string }>;
  /** The profile's secrets, to check against production fingerprints (never reported). */
  secrets: Partial<Record<'bearerToken' | 'clientId' | 'webhookSecret', string | null>>;
  /** Core's production guard, given as a port: refuses a sandbox secret that matches a production one. */
  guard: { check(environment: Environment, name: SecretName, value: string, profileId?: string): Promise<void> };
  status(transactionId: string): Promise<{ exchange: Exchange }>;
  /**
   * Re-delivers a notification the gateway really sent for this profile to the profile's configured
   * webhook URL (the replay gate decides), or says why it cannot.
   */
  webhookCheck(): Promise<WebhookCheck>;
  timeouts: { connectTimeoutMs: number; totalTimeoutMs: number };
  consoleVersion: string;
}

export type WebhookCheck = { ok: true; url: string; seq: number; send: ReplaySend } | { ok: false; reason: string };

const check = (what: string, expected: unknown, actual: unknown, passed: boolean): CheckResult => ({
  what,
  expected,
  actual,
  passed,
});

function item(index: number, name: string, checks: CheckResult[], message: string, exchanges: Exchange[] = []) {
  const started = new Date().toISOString();
  const passed = checks.every((entry) => entry.passed);
  const step: StepResult = {
    index: 0,
    name,
    kind: 'readiness',
    line: 0,
    status: passed ? 'passed' : 'failed',
    message,
    checks,
    exchanges,
    notifications: [],
    note: null,
    startedAt: started,
    durationMs: 0,
  };
  const scenario: ScenarioResult = {
    key: `readiness-${index}`,
    file: `readiness/${index}`,
    folder: 'readiness',
    name,
    row: null,
    profileId: null,
    status: step.status,
    message,
    steps: [step],
    startedAt: started,
    durationMs: 0,
  };
  return scenario;
}

export async function checkReadiness(deps: ReadinessDeps): Promise<RunResult> {
  const { profile } = deps;
  if (profile.environment === 'production')
    throw new ConsoleFailure('production-guard', mainText('readinessNotProduction'));
  const startedAt = new Date().toISOString();
  const scenarios: ScenarioResult[] = [];

  // 1. Environments separated.
  const clashes: string[] = [];
  for (const [name, value] of Object.entries(deps.secrets)) {
    if (!value) continue;
    await deps.guard
      .check(profile.environment as 'test', name as 'bearerToken', value, profile.id)
      .catch((error: unknown) => {
        clashes.push(error instanceof Error ? error.message : String(error));
      });
  }
  const production = deps.otherProfiles.filter((other) => other.environment === 'production');
  const sameAddress = production.filter((other) => sameOrigin(other.baseUrl, profile.baseUrl));
  scenarios.push(
    item(
      1,
      'Environments separated',
      [
        check('credentials shared with a production profile', 0, clashes.length, clashes.length === 0),
        check(
          'production profiles on the same gateway address',
          0,
          sameAddress.map((other) => other.name),
          sameAddress.length === 0,
        ),
      ],
      clashes.length
        ? clashes.join(' ')
        : `No credential of "${profile.name}" is saved in any of the ${production.length} production profile(s); its address ${profile.baseUrl} is not a production one.`,
    ),
  );

  // 2. Endpoint and credentials valid.
  const { exchange } = await deps.status(PROBE_TRANSACTION_ID);
  const status = exchange.response?.status ?? null;
  const reachable = status !== null;
  const accepted = status !== 401 && status !== 403 && reachable;
  scenarios.push(
    item(
      2,
      'Endpoint and credentials valid (test connection)',
      [
        check('gateway answered', true, reachable, reachable),
        check('credentials accepted (not 401/403)', true, status, accepted),
      ],
      reachable
        ? `The gateway answered HTTP ${status} for a made-up transaction (${exchange.summary}).`
        : `The gateway could not be reached: ${exchange.summary}.`,
      [exchange],
    ),
  );

  // 3. The merchant's webhook acknowledges a notification the gateway sent. Never a made-up one: encrypted
  // with the profile's secret, the shop would believe it (issue 25: the console cannot forge the gateway).
  const webhook = await deps.webhookCheck();
  if (!webhook.ok) {
    scenarios.push(
      item(
        3,
        "Merchant's webhook acknowledges a test notification",
        [check('a received notification re-delivered to the profile’s webhook', true, false, false)],
        webhook.reason,
      ),
    );
  } else {
    const { send, url, seq } = webhook;
    scenarios.push(
      item(
        3,
        "Merchant's webhook acknowledges a test notification",
        [
          check('HTTP status', 200, send.httpStatus, send.httpStatus === 200),
          check('acknowledgement', 'statusMsg Success, echoed notificationID', send.verdict.reason, send.verdict.ok),
        ],
        `POST ${url} (delivery #${seq} re-delivered as received, notificationID ${send.notificationId}) → ${send.httpStatus ?? 'no answer'}: ${sentence(send.verdict.reason)} Answer: ${send.responseBody.trim() === '' ? '(empty body)' : send.responseBody.slice(0, 300)}`,
      ),
    );
  }

  // 4. Timeouts set.
  const { connectTimeoutMs, totalTimeoutMs } = deps.timeouts;
  const sensible = (value: number) => Number.isFinite(value) && value > 0 && value <= MAX_SENSIBLE_TIMEOUT_MS;
  scenarios.push(
    item(
      4,
      'Timeouts set',
      [
        check('connect timeout (ms)', `1…${MAX_SENSIBLE_TIMEOUT_MS}`, connectTimeoutMs, sensible(connectTimeoutMs)),
        check('whole-call timeout (ms)', `1…${MAX_SENSIBLE_TIMEOUT_MS}`, totalTimeoutMs, sensible(totalTimeoutMs)),
      ],
      `Calls give up after ${connectTimeoutMs} ms without a connection and ${totalTimeoutMs} ms in all; a money-moving call without an answer is marked outcome-unknown, never retried.`,
    ),
  );

  return {
    id: randomUUID(),
    title: `Go-live readiness: ${profile.name}`,
    subject: 'check',
    startedAt,
    finishedAt: new Date().toISOString(),
    consoleVersion: deps.consoleVersion,
    tester: null,
    profiles: [
      {
        id: profile.id,
        name: profile.name,
        environment: profile.environment,
        terminalId: profile.terminalId,
        variant: profile.variant,
      },
    ],
    scenarios,
    counts: countResults(scenarios),
  };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
