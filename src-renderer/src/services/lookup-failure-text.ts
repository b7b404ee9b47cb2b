import type { Exchange } from '@shared/exchange';
import { consoleErrorText } from '../i18n/console-error';
import { exchangeActionText, exchangeSummaryText } from '../i18n/exchange-text';
import { t } from '../i18n';
import { REFUSED_LOOKUP, type LookupResult } from './status-query';

/**
 * Why a lookup got no status, in the user's language: main's refusal by its text id, or the gateway's
 * answer (its summary and advice worded by main's text ids, inside the translated sentence).
 */
export function lookupFailureText(result: Extract<LookupResult, { ok: false }>): string {
  if (result.text || !result.exchange) return consoleErrorText(result);
  return exchangeFailureText(result.exchange);
}

function exchangeFailureText(exchange: Exchange): string {
  const status = exchange.response?.status;
  if (status !== undefined && REFUSED_LOOKUP.has(status))
    return t('serverText.lookupRefused', {
      summary: exchangeSummaryText(exchange),
      action: exchangeActionText(exchange) ?? t('display.checkCredentials'),
    });
  const action = exchangeActionText(exchange);
  return t('serverText.noStatus', { summary: exchangeSummaryText(exchange), action: action ? ` ${action}` : '' });
}
