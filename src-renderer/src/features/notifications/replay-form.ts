/**
 * The replay form's view of main's rules (main decides; this only explains before the user presses the
 * button): the selected deliveries are re-delivered to the webhook URL of the profile that accepted
 * them, never to a URL typed here; a lookup-only profile cannot replay; production needs its name typed.
 */
import type { Profile } from '@shared/contract/profiles';
import type { ConsoleError } from '@shared/result';
import { t } from '../../i18n';
import type { NotificationRow } from '../../services/notification-rows';
import { consoleErrorText } from '../../i18n/console-error';

export type ReplayTarget =
  | { kind: 'ready'; profile: Profile; url: string }
  | { kind: 'nothing-selected' }
  | { kind: 'not-accepted' }
  | { kind: 'mixed-profiles' }
  | { kind: 'unknown-profile' }
  | { kind: 'lookup-only'; profile: Profile }
  | { kind: 'no-webhook-url'; profile: Profile };

export function replayTarget(
  selected: readonly NotificationRow[],
  byId: (id: string) => Profile | undefined,
): ReplayTarget {
  if (selected.length === 0) return { kind: 'nothing-selected' };
  if (selected.some((row) => row.verdict !== 'accepted' || row.delivery.profileId === null))
    return { kind: 'not-accepted' };
  const ids = new Set(selected.map((row) => row.delivery.profileId as string));
  if (ids.size > 1) return { kind: 'mixed-profiles' };
  const profile = byId([...ids][0] as string);
  if (!profile) return { kind: 'unknown-profile' };
  if (profile.lookupOnly === true) return { kind: 'lookup-only', profile };
  if (!profile.webhookUrl) return { kind: 'no-webhook-url', profile };
  return { kind: 'ready', profile, url: profile.webhookUrl };
}

/** `no-webhook-url` → `noWebhookUrl`: catalogue keys are camelCase, codes are kebab-case. */
const camel = (code: string): string => code.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Why the form cannot replay yet, in the user's language (null when it can). */
export function targetProblem(target: ReplayTarget): string | null {
  switch (target.kind) {
    case 'ready':
    case 'nothing-selected':
      return null;
    case 'lookup-only':
    case 'no-webhook-url':
      return t(`replay.target.${camel(target.kind)}`, { name: target.profile.name });
    default:
      return t(`replay.target.${camel(target.kind)}`);
  }
}

/** The refusals of `notifications.replay` the catalogue words itself (`replay.error.<camelCase code>`). */
const TRANSLATED_CODES: ReadonlySet<string> = new Set([
  'lookup-only',
  'confirmation-required',
  'confirmation-mismatch',
  'no-webhook-url',
  'no-webhook-secret',
  'not-replayable',
  'mixed-profiles',
  'too-many-sends',
  'duplicate-reference',
]);

/** Why main found a delivery not replayable (`details.reason`), each worded in the catalogue. */
const NOT_REPLAYABLE_REASONS: ReadonlySet<string> = new Set([
  'refused',
  'unreadable',
  'bytes-not-kept',
  'no-iv-tag',
  'bytes-mismatch',
]);

/** Main's refusal, translated by its code with its parameters; main's own words for any other code. */
export function replayErrorText(error: ConsoleError): string {
  // The code is main's, but it is still text from outside this module: only known codes become keys.
  if (!TRANSLATED_CODES.has(error.code)) return consoleErrorText(error);
  const details = (error.details ?? {}) as Record<string, unknown>;
  let reason: string | null = null;
  if (error.code === 'not-replayable') {
    if (typeof details.reason !== 'string' || !NOT_REPLAYABLE_REASONS.has(details.reason))
      return consoleErrorText(error);
    reason = details.reason;
  }
  const key = `replay.error.${camel(error.code)}${reason === null ? '' : `.${camel(reason)}`}`;
  const params = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
  );
  return t(key, params);
}
