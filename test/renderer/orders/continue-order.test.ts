import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { continueTarget, profileProblem } from '../../../src-renderer/src/services/continue-order';
import { createExchange, freshDb, lookupProfile, makeExchange, makeRow } from '../db/fixtures';

const TX = 's2continue0000000001';

describe('Continue in Orders: which History transactions open on the Orders card, and from which call', () => {
  it('starts from the create this console sent, even when later calls were recorded first in the list', async () => {
    const db = freshDb();
    const create = createExchange(TX, 'order-continue-1', Date.UTC(2026, 0, 1, 10));
    await recordExchange(db, create, lookupProfile);
    await recordExchange(db, makeExchange({ transactionID: TX, paymentStatus: 'Pending' }), lookupProfile);
    const row = (await getTransaction(db, TX))!;
    expect(await continueTarget(db, row)).toEqual({
      ok: true,
      order: { exchangeId: create.id, transactionId: TX },
    });
  });

  it('a transaction only looked up here starts from its first recorded call', async () => {
    const db = freshDb();
    const lookup = makeExchange({ transactionID: TX, paymentStatus: 'Pending' });
    await recordExchange(db, lookup, lookupProfile);
    const row = (await getTransaction(db, TX))!;
    expect(row.source).toBe('looked-up');
    expect(await continueTarget(db, row)).toEqual({ ok: true, order: { exchangeId: lookup.id, transactionId: TX } });
  });

  it('refuses what cannot be continued, saying why: no transaction id, nothing recorded, profile gone or lookup-only', async () => {
    const db = freshDb();
    const attempt = makeRow(1, { key: 'attempt:ex-9', transactionId: null, statusKey: 'OutcomeUnknown' });
    expect(await continueTarget(db, attempt)).toEqual({ ok: false, reason: 'no-transaction-id' });
    expect(await continueTarget(db, makeRow(2))).toEqual({ ok: false, reason: 'no-exchange' });
    expect(profileProblem(null)).toBe('profile-gone');
    expect(profileProblem({ lookupOnly: true })).toBe('lookup-only');
    expect(profileProblem({ lookupOnly: false })).toBeNull();
  });
});
