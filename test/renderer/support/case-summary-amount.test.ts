/**
 * Issue 27, Everyone 1: the case summary a Portuguese support agent pastes into a ticket writes the
 * amount the Portuguese way, as the Support card does.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { caseSummaryMarkdown } from '../../../src-renderer/src/composables/case-summary';
import { loadTransactionCase } from '../../../src-renderer/src/composables/transaction-case';
import { i18n, setLocale } from '../../../src-renderer/src/i18n';
import { freshDb, makeExchange } from '../db/fixtures';

const db = freshDb();
afterAll(() => db.close());
afterEach(() => setLocale('en'));
const t = (k: string, values?: Record<string, unknown>) => i18n.global.t(k, values ?? {});
const profiles = (id: string) => ({ id, name: 'Sandbox', environment: 'sandbox', variant: 'A' as const });
const id = 's2AmountCase000000001';

describe('the case summary’s amount', () => {
  it('case summary amount leak: "15,30 €" in Portuguese, "15.30 EUR" in English', async () => {
    await recordExchange(
      db,
      makeExchange({
        operation: 'createOrder',
        method: 'POST',
        transactionID: id,
        request: {
          headers: {},
          body: JSON.stringify({ transaction: { amount: { value: 15.3, currency: 'EUR' }, paymentMethod: ['CARD'] } }),
        },
        response: { status: 200, headers: {}, bodyText: JSON.stringify({ transactionID: id }) },
      }),
      profiles,
    );
    const item = (await loadTransactionCase(db, id))!;
    expect(caseSummaryMarkdown(item, {}, t, 'en')).toContain('- **Amount:** 15.30 EUR\n');
    setLocale('pt-PT');
    const markdown = caseSummaryMarkdown(item, {}, t, 'pt-PT').replace(/\u00a0/g, ' ');
    expect(markdown).toMatch(/- \*\*[^*]+:\*\* 15,30 €\n/);
    expect(markdown).not.toContain('15.30');
    expect(markdown).not.toContain('EUR');
  });
});
