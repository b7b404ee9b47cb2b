import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import type { RefreshItem, RefreshOutcome } from '../../../src-renderer/src/services/bulk-refresh';
import { lookupTransaction, profileForLookup, statusRefresher } from '../../../src-renderer/src/services/status-query';
import { freshDb, lookupProfile, makeExchange, makeRow, statusExchange, T0 } from '../db/fixtures';

/** A `payments.status` that answers with the given exchanges in turn (what main's SDK would record). */
const statusApi = (...answers: Exchange[]) => ({
  'payments.status': async () => ({ ok: true as const, value: { exchange: answers.shift()!, response: null } }),
});

describe('support-desk lookup', () => {
  it('adds a transaction the gateway knows as "looked up"', async () => {
    const db = freshDb();
    const result = await lookupTransaction(
      statusApi(statusExchange('s2ticket', 'Success', T0)),
      db,
      lookupProfile,
      'sandbox',
      ' s2ticket ',
    );
    expect(result).toMatchObject({ ok: true, row: { key: 's2ticket', source: 'looked-up', statusKey: 'Success' } });
    expect(await getTransaction(db, 's2ticket')).toMatchObject({ profileName: 'Sandbox', environment: 'sandbox' });
  });

  it('explains an unknown transaction and adds no row', async () => {
    const db = freshDb();
    const notFound = makeExchange({
      url: 'http://127.0.0.1:1/api/v2/payments/s2nope/status',
      response: { status: 404, headers: {}, bodyText: '{}' },
      classification: 'http-error',
      summary: 'HTTP 404 Not Found',
      suggestedAction: 'Check the transaction id.',
    });
    const result = await lookupTransaction(statusApi(notFound), db, lookupProfile, 'sandbox', 's2nope');
    expect(result).toEqual({
      ok: false,
      message:
        'The gateway refused the lookup: HTTP 404 Not Found. The transaction may belong to another terminal: ' +
        "look it up with the profile it was created with. If it is this profile's, then: Check the transaction id.",
      exchange: notFound,
    });
    expect(await db.transactions.count()).toBe(0);
  });

  it('a 401 says the transaction may belong to another terminal before suggesting a new token', async () => {
    const refused = makeExchange({
      url: 'http://127.0.0.1:1/api/v2/payments/s2variantb/status',
      response: { status: 401, headers: {}, bodyText: '{}' },
      classification: 'http-error',
      summary: 'HTTP 401 Unauthorized',
      suggestedAction: 'Check the credentials in the back office and create a new token if needed.',
    });
    const result = await lookupTransaction(statusApi(refused), freshDb(), lookupProfile, 'sandbox', 's2variantb');
    const message = result.ok ? '' : result.message;
    expect(message).toMatch(/may belong to another terminal/);
    expect(message.indexOf('another terminal')).toBeLessThan(message.indexOf('create a new token'));
  });

  it('asks with the profile History recorded the transaction under, not the one picked', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(1, { key: 's2variantb', transactionId: 's2variantb', profileId: 'sandbox-b' }));
    const profiles = (id: string) =>
      id === 'sandbox-b'
        ? { id, name: 'Sandbox · Variant B', environment: 'sandbox', variant: 'B' as const }
        : lookupProfile(id);
    expect(await profileForLookup(db, profiles, 'sandbox', ' s2variantb ')).toEqual({
      profileId: 'sandbox-b',
      fromHistory: true,
    });
    // Unknown to History, or recorded under a profile that no longer exists: the picked profile.
    expect(await profileForLookup(db, profiles, 'sandbox', 's2unknown')).toEqual({
      profileId: 'sandbox',
      fromHistory: false,
    });
    expect(await profileForLookup(db, lookupProfile, 'sandbox', 's2variantb')).toEqual({
      profileId: 'sandbox',
      fromHistory: false,
    });
  });

  it('passes on a failure of the call itself', async () => {
    const api = {
      'payments.status': async () => ({ ok: false as const, error: { code: 'not-found', message: 'No profile "x".' } }),
    };
    expect(await lookupTransaction(api, freshDb(), lookupProfile, 'x', 's2a')).toEqual({
      ok: false,
      message: 'No profile "x".',
      exchange: null,
    });
  });
});

describe('one bulk-refresh step', () => {
  const item = { key: 's2tx0000000000000000', transactionId: 's2tx0000000000000000', profileId: 'sandbox' };
  /** The item's outcome once its answer is recorded. */
  const settledStep = async (refresh: (i: RefreshItem) => Promise<RefreshOutcome>) => {
    const outcome = await refresh(item);
    return outcome.kind === 'recording' ? outcome.outcome : outcome;
  };

  it('says changed or unchanged by comparing the stored status before and after', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(0, { paymentStatus: 'Pending', statusKey: 'Pending', updatedAt: T0 }));
    const refresh = statusRefresher(
      statusApi(
        statusExchange(item.transactionId, 'Pending', T0 + 10),
        statusExchange(item.transactionId, 'Success', T0 + 20),
      ),
      db,
      lookupProfile,
    );
    expect(await settledStep(refresh)).toEqual({ kind: 'unchanged' });
    expect(await settledStep(refresh)).toEqual({ kind: 'changed' });
    expect(await getTransaction(db, item.key)).toMatchObject({ paymentStatus: 'Success' });
  });

  it('reports a 429 as rate-limited with its Retry-After, and other failures as failed', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(0));
    const limited = statusExchange(item.transactionId, 'Pending', T0 + 10, 429);
    const broken = statusExchange(item.transactionId, 'Pending', T0 + 20, 500);
    broken.summary = 'HTTP 500 Internal Server Error';
    const refresh = statusRefresher(statusApi(limited, broken), db, lookupProfile);
    expect(await refresh(item)).toEqual({ kind: 'rate-limited', retryAfterMs: 2000 });
    // The 429 is in History before the pool pauses.
    expect(await db.exchanges.get(limited.id)).toBeDefined();
    expect(await settledStep(refresh)).toEqual({ kind: 'failed', message: 'HTTP 500 Internal Server Error' });
  });

  it('says changed even when the push event recorded the answer before the call returned', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(0, { paymentStatus: 'Pending', statusKey: 'Pending', updatedAt: T0 }));
    const answer = statusExchange(item.transactionId, 'Success', T0 + 10);
    const api = {
      'payments.status': async () => {
        await recordExchange(db, answer, lookupProfile);
        return { ok: true as const, value: { exchange: answer, response: null } };
      },
    };
    expect(await settledStep(statusRefresher(api, db, lookupProfile))).toEqual({ kind: 'changed' });
  });

  it('hands the pool its answer to record, and says changed once it is in History', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(0, { paymentStatus: 'Pending', statusKey: 'Pending', updatedAt: T0 }));
    const answer = statusExchange(item.transactionId, 'Success', T0 + 10);
    const outcome = await statusRefresher(statusApi(answer), db, lookupProfile)(item);
    expect(outcome.kind).toBe('recording');
    expect(await (outcome.kind === 'recording' && outcome.outcome)).toEqual({ kind: 'changed' });
    expect(await db.exchanges.get(answer.id)).toBeDefined();
  });
});
