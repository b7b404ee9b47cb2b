/**
 * Issue 27 item 6: the support case shows the method the payment was made with (the status answer's
 * paymentMethod), the offered ones apart, and a case timeline where repeated lookups are one line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { caseSummaryMarkdown } from '../../../src-renderer/src/composables/case-summary';
import { loadTransactionCase } from '../../../src-renderer/src/composables/transaction-case';
import { i18n } from '../../../src-renderer/src/i18n';
import { freshDb, makeExchange } from '../db/fixtures';

const db = freshDb();
afterAll(() => db.close());
const t = (k: string, values?: Record<string, unknown>) => i18n.global.t(k, values ?? {});
const profiles = (id: string) => ({ id, name: 'Sandbox', environment: 'sandbox', variant: 'A' as const });
const id = 's2MethodCase000000001';

const create = () =>
  makeExchange({
    operation: 'createOrder',
    method: 'POST',
    transactionID: id,
    request: {
      headers: {},
      body: JSON.stringify({
        transaction: { amount: { value: 10, currency: 'EUR' }, paymentMethod: ['REFERENCE', 'CARD', 'MBWAY'] },
      }),
    },
    response: {
      status: 200,
      headers: {},
      bodyText: JSON.stringify({ transactionID: id, paymentMethodList: ['REFERENCE', 'CARD', 'MBWAY'] }),
    },
  });
const status = (paymentStatus: string, paymentMethod?: string) =>
  makeExchange({
    transactionID: id,
    url: `http://127.0.0.1:1/api/v2/payments/${id}/status`,
    paymentStatus,
    response: {
      status: 200,
      headers: {},
      bodyText: JSON.stringify({ transactionID: id, paymentStatus, ...(paymentMethod ? { paymentMethod } : {}) }),
    },
  });

describe('issue 27 item 6: method used, and repeated lookups collapsed', () => {
  it('"Method" is the paymentMethod of the status answer, not the methods the order offered', async () => {
    await recordExchange(db, create(), profiles);
    await recordExchange(db, status('Pending'), profiles);
    let item = (await loadTransactionCase(db, id))!;
    expect(item.row.paymentMethod ?? null).toBeNull();
    expect(caseSummaryMarkdown(item, {}, t, 'en')).toContain('**Method:** Not chosen yet');

    await recordExchange(db, status('Success', 'MBWAY'), profiles);
    item = (await loadTransactionCase(db, id))!;
    expect(item.row.paymentMethod).toBe('MBWAY');
    const markdown = caseSummaryMarkdown(item, {}, t, 'en');
    expect(markdown).toContain('**Method:** MBWAY\n');
    expect(markdown).toContain('**Methods offered:** REFERENCE, CARD, MBWAY');
  });

  it('the case timeline shows one "Status refreshed — Success" line for repeated identical lookups', async () => {
    for (let i = 0; i < 3; i++) await recordExchange(db, status('Success', 'MBWAY'), profiles);
    const item = (await loadTransactionCase(db, id))!;
    const markdown = caseSummaryMarkdown(item, {}, t, 'en');
    const successLines = markdown.split('\n').filter((line) => line.includes('Status refreshed — **Success**'));
    expect(successLines).toHaveLength(1);
    expect(successLines[0]).toMatch(/×4, last at \d{4}-\d\d-\d\dT/);
    // A different answer in between is a transition and stays visible.
    expect(markdown.split('\n').filter((line) => line.includes('Status refreshed — **Pending**'))).toHaveLength(1);
  });
});
