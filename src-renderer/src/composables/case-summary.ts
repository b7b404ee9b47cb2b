/**
 * "Copy case summary": one Markdown block a support agent pastes into a ticket: the ids, the status now
 * (and as of when), the timeline of status changes and notifications, the customer data exactly as the
 * screen shows it (masked unless revealed) and the case-note entries. Times are UTC ISO so any reader agrees.
 */
import type { CaseNoteEntry } from '@shared/contract/support';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import { CUSTOMER_FIELDS, type CustomerData } from '@shared/support/customer-data';
import { explainReturnCode, type ExplanationLocale } from '@shared/support/explanations';
import type { TransactionCase } from './transaction-case';
import { formatAmount } from '../i18n/format';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

const iso = (ms: number) => new Date(ms).toISOString();
/** Markdown-safe inline text: no line breaks, escaped backticks. */
const inline = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/`/g, "'");

export function caseSummaryMarkdown(
  item: TransactionCase,
  shownCustomer: CustomerData,
  t: Translate,
  locale: ExplanationLocale,
  notes: readonly CaseNoteEntry[] = [],
): string {
  const { row } = item;
  const status = row.paymentStatus ?? row.statusKey;
  const lines = [`## ${t('support.summary.heading', { id: row.transactionId ?? row.key })}`, ''];
  const fact = (label: string, value: string | null | undefined) => {
    if (value) lines.push(`- **${label}:** ${value}`);
  };
  fact(t('support.fields.transactionId'), row.transactionId ? `\`${row.transactionId}\`` : null);
  fact(
    t('support.fields.merchantOrderId'),
    row.merchantTransactionId ? `\`${inline(row.merchantTransactionId)}\`` : null,
  );
  fact(
    t('support.fields.reference'),
    row.reference ? `${row.referenceEntity ? `${row.referenceEntity} / ` : ''}${row.reference}` : null,
  );
  fact(t('support.fields.profile'), `${inline(row.profileName)} (${row.environment})`);
  fact(
    t('support.fields.statusNow'),
    `**${status}** (${isFinalPaymentStatus(status) ? t('support.final') : t('support.notFinal')}) — ${t('support.asOf', { time: iso(item.statusAsOf) })}`,
  );
  fact(
    t('support.fields.amount'),
    // In the reader's language: "15.30 EUR" in English, "15,30 €" in Portuguese (as the card shows it).
    row.amount === null ? null : formatAmount(row.amount, row.currency),
  );
  fact(t('support.fields.method'), row.paymentMethod ?? t('support.methodUsed.notYet'));
  fact(t('support.methodUsed.offered'), row.methods.join(', ') || null);
  const code =
    row.declineReason?.statusCode ?? (row.returnStatus?.statusCode !== '000' ? row.returnStatus?.statusCode : null);
  if (code)
    fact(
      t('support.fields.returnCode'),
      `${code} — ${explainReturnCode(code)?.agent[locale] ?? t('support.unknownCode')}`,
    );
  for (const field of CUSTOMER_FIELDS)
    fact(t(`support.customer.${field}`), shownCustomer[field] ? inline(shownCustomer[field]) : null);

  lines.push('', `### ${t('support.summary.timeline')}`, '');
  if (!item.timeline.length) lines.push(`- ${t('support.summary.noTimeline')}`);
  for (const entry of item.timeline) {
    const kind = entry.kind === 'notification' ? t('support.summary.notification') : entry.title;
    const parts = [iso(entry.at), inline(kind)];
    if (entry.paymentStatus) parts.push(`**${entry.paymentStatus}**`);
    if (entry.reasonText) parts.push(inline(entry.reasonText));
    if (entry.repeats > 1)
      parts.push(t('support.caseTimeline.repeated', { count: entry.repeats, last: iso(entry.lastAt) }));
    lines.push(`- ${parts.join(' — ')}`);
  }

  lines.push('', `### ${t('support.summary.notes')}`, '');
  if (!notes.length) lines.push(`- ${t('support.summary.noNotes')}`);
  for (const note of notes) {
    const author = inline(note.author ?? t('support.noteLog.unknownAuthor'));
    const ticket = note.ticket ? ` — **${t('support.notes.ticket')}:** ${inline(note.ticket)}` : '';
    lines.push(`- ${note.at} — ${author}${ticket}`);
    if (note.text) lines.push(...note.text.split('\n').map((line) => `  > ${line}`));
  }
  return `${lines.join('\n')}\n`;
}
