import { isMainTextId } from '@shared/console-text';
import type { ConsoleError } from '@shared/result';
import { t } from './index';

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
  if (!text || !isMainTextId(text.id)) return error.message;
  // Parameter values are interpolated as text by vue-i18n, never compiled as message syntax.
  return t(`mainText.${text.id}`, text.params);
}
