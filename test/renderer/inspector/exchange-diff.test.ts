import { describe, expect, it } from 'vitest';
import { diffExchanges } from '../../../src-renderer/src/components/inspector/exchange-diff';
import { makeExchange } from '../db/fixtures';

const status = (paymentStatus: string, extra: Record<string, unknown> = {}) =>
  makeExchange({
    paymentStatus,
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ returnStatus: { statusCode: '000' }, paymentStatus, ...extra }),
    },
  });

describe('exchange diff', () => {
  it('shows a changed field of the JSON body as one row, side by side', () => {
    const rows = diffExchanges(status('Pending'), status('Success'));
    const changed = rows.filter((row) => row.kind === 'changed' && row.path.startsWith('response.body'));
    expect(changed).toEqual([
      { path: 'response.body.paymentStatus', left: 'Pending', right: 'Success', kind: 'changed' },
    ]);
    expect(rows.find((row) => row.path === 'response.body.returnStatus.statusCode')).toMatchObject({
      kind: 'same',
      left: '000',
      right: '000',
    });
  });

  it('lists fields present on one side only', () => {
    const rows = diffExchanges(status('Pending'), status('Partial', { actionResponse: { type: 'REDIRECT' } }));
    expect(rows).toContainEqual({
      path: 'response.body.actionResponse.type',
      left: undefined,
      right: 'REDIRECT',
      kind: 'only-right',
    });
  });

  it('compares a non-JSON answer as raw text and a missing answer as such', () => {
    const html = makeExchange({
      classification: 'invalid-response',
      response: { status: 502, headers: {}, bodyText: '<html>Bad gateway</html>' },
    });
    const none = makeExchange({ classification: 'timeout', response: null });
    const rows = diffExchanges(html, none);
    expect(rows).toContainEqual({
      path: 'response.body',
      left: '<html>Bad gateway</html>',
      right: undefined,
      kind: 'only-left',
    });
    expect(rows).toContainEqual({ path: 'response', left: undefined, right: '(no answer)', kind: 'only-right' });
    expect(rows).toContainEqual({
      path: 'classification',
      left: 'invalid-response',
      right: 'timeout',
      kind: 'changed',
    });
  });

  it('finds no difference between two records of the same answer', () => {
    const a = status('Pending');
    const b = { ...a, id: 'other' };
    expect(diffExchanges(a, b).filter((row) => row.kind !== 'same')).toEqual([]);
  });
});
