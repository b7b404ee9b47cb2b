/**
 * The "code and meaning" of one bulk lookup row, the same in the table and the exported CSV: the
 * gateway's returnStatus code (000 included) with its meaning from the support desk's explanation table;
 * for an HTTP refusal whose code the table does not know (a 404's body code), the HTTP status and its
 * meaning; for an id never sent, why not.
 */
import { explainHttpStatus, explainReturnCode, type ExplanationLocale } from '@shared/support/explanations';
import { i18n } from '../../i18n';
import type { LookupRow } from './bulk-lookup';

export interface CodeAndMeaning {
  code: string;
  meaning: string;
}

export function lookupCodeAndMeaning(row: LookupRow, locale: ExplanationLocale): CodeAndMeaning | null {
  if (row.unresolved)
    return { code: '', meaning: i18n.global.t(`support.bulk.unresolved.${row.unresolved}`, {}, { locale }) };
  if (row.outcome === 'ambiguous')
    return {
      code: '',
      meaning: i18n.global.t('support.bulk.ambiguous', { ids: row.candidates.join(', ') }, { locale }),
    };
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
