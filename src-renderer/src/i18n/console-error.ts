import { isMainTextId } from '@shared/main-texts';
import type { ConsoleError } from '@shared/result';
import { t } from './index';
import { ruleMessageText } from './rule-text';

/** The loopback transport's own failures (the page cannot reach main), by their code. */
const TRANSPORT_TEXTS: Record<string, string> = {
  'no-session': 'serverText.noSession',
  'host-unreachable': 'serverText.hostDown',
  'host-bad-response': 'serverText.hostBadResponse',
};

/**
 * A failure from main in the user's language: translated by its text id and parameters, never by
 * reading the English sentence. A failure without a registered text (the gateway's or the simulator's
 * own words, passed through as data) is shown as it came.
 */
export function consoleErrorText(error: Pick<ConsoleError, 'message' | 'text'> & Partial<ConsoleError>): string {
  const transport =
    error.code !== undefined && Object.hasOwn(TRANSPORT_TEXTS, error.code) ? TRANSPORT_TEXTS[error.code] : null;
  if (transport) {
    const status = (error.details as { status?: unknown } | undefined)?.status;
    return t(transport, { status: typeof status === 'number' ? status : '' });
  }
  const text = error.text;
  if (!text) return error.message;
  const params = text.id === 'invalidInput' ? { ...text.params, ...invalidInputIssues(error.details) } : text.params;
  return mainTextWords({ id: text.id, params }) ?? error.message;
}

type WireText = NonNullable<ConsoleError['text']>;

/**
 * A registered text in the user's language; a parameter that is itself a registered text (a field's
 * name, a reason) is worded first. An id this build does not know gives null.
 */
export function mainTextWords(text: { id: string; params: WireText['params'] }): string | null {
  if (!isMainTextId(text.id)) return null;
  const params = Object.fromEntries(
    Object.entries(text.params).map(([name, value]) => [
      name,
      typeof value === 'object' ? (mainTextWords(value) ?? '') : value,
    ]),
  );
  // Parameter values are interpolated as text by vue-i18n, never compiled as message syntax.
  return t(`mainText.${text.id}`, params);
}

interface RefusedField {
  path: string[];
  message: string;
  rule?: { id: string; params: Record<string, string | number> };
}

const isRefusedField = (value: unknown): value is RefusedField =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as RefusedField).path) &&
  typeof (value as RefusedField).message === 'string';

/**
 * The `{issues}` of an invalid-input refusal, each worded by the id of the rule that refused it (main's
 * English `issues` parameter would put English inside the translated sentence). Same shape as main's:
 * at most five, "path: rule" joined by "; ".
 */
function invalidInputIssues(details: unknown): { issues: string } | Record<string, never> {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues) || !issues.every(isRefusedField)) return {};
  return {
    issues: issues
      .slice(0, 5)
      .map(
        (issue) =>
          `${issue.path.length ? issue.path.join('.') : '(input)'}: ${ruleMessageText(issue.message, issue.rule)}`,
      )
      .join('; '),
  };
}
