/**
 * The "code and meaning" of one bulk lookup row, the same in the table and the exported CSV: the
 * gateway's returnStatus code (000 included) with its meaning from the support desk's explanation table;
 * for an HTTP refusal whose code the table does not know (a 404's body code), the HTTP status and its
 * meaning; for an id never sent, why not.
 */
import {
  explainHttpStatus,
  explainReturnCode,
  type ExplanationLocale,
  type LocalisedText,
} from '@shared/support/explanations';
import type { LookupRow } from '../../services/bulk-lookup';
import type { UnresolvedReason } from '../../services/bulk-resolve';

// Worded in both languages here, like the explanation table, because the CSV is written in the locale
// it is asked for (and this module stays free of the app's i18n instance, so tests can read files with it).
const NOT_SENT: Record<UnresolvedReason, LocalisedText> = {
  reference: {
    en: 'This Multibanco reference is not in History, and the gateway can only be asked by transactionID.',
    'pt-PT': 'Esta referência Multibanco não está no histórico, e o gateway só pode ser consultado pelo transactionID.',
  },
  'merchant-order-id': {
    en: 'This merchant order id is not in History, and the gateway can only be asked by transactionID.',
    'pt-PT':
      'Este id de encomenda do comerciante não está no histórico, e o gateway só pode ser consultado pelo transactionID.',
  },
  'no-transaction-id': {
    en: 'History holds this order, but the gateway never gave it a transactionID to ask about.',
    'pt-PT': 'O histórico tem esta encomenda, mas o gateway nunca lhe atribuiu um transactionID para consultar.',
  },
};
const AMBIGUOUS: LocalisedText = {
  en: 'History holds several transactions with this id; look up one of them:',
  'pt-PT': 'O histórico tem várias transações com este id; consulte uma delas:',
};

export interface CodeAndMeaning {
  code: string;
  meaning: string;
}

export function lookupCodeAndMeaning(row: LookupRow, locale: ExplanationLocale): CodeAndMeaning | null {
  if (row.unresolved) return { code: '', meaning: NOT_SENT[row.unresolved][locale] };
  if (row.outcome === 'ambiguous') return { code: '', meaning: `${AMBIGUOUS[locale]} ${row.candidates.join(', ')}` };
  const known = row.returnCode ? explainReturnCode(row.returnCode) : undefined;
  if (row.returnCode && known) return { code: row.returnCode, meaning: known.agent[locale] };
  const http = row.httpStatus !== null && row.httpStatus >= 300 ? explainHttpStatus(row.httpStatus) : undefined;
  if (http && row.httpStatus !== null) {
    const code = row.returnCode && row.returnCode !== String(row.httpStatus) ? ` · ${row.returnCode}` : '';
    return { code: `HTTP ${row.httpStatus}${code}`, meaning: http.agent[locale] };
  }
  if (row.returnCode) return { code: row.returnCode, meaning: row.returnMessage ?? '' };
  if (row.httpStatus !== null) return { code: `HTTP ${row.httpStatus}`, meaning: row.message ?? '' };
  // No answer at all (main refused or the gateway was unreachable): what main said.
  return row.message ? { code: '', meaning: row.message } : null;
}
