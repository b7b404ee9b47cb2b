import { describe, expect, it, vi } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { batchedRecorder } from '../../../src-renderer/src/db/record-batcher';
import { createExchange, freshDb, lookupProfile, statusExchange, T0 } from './fixtures';

const answers = (): Exchange[] => [
  createExchange('s2ONE', 'm-1', T0),
  statusExchange('s2ONE', 'Pending', T0 + 1000),
  statusExchange('s2TWO', 'Declined', T0 + 2000),
  statusExchange('s2ONE', 'Success', T0 + 3000),
  // An older answer arriving after a newer one does not win.
  statusExchange('s2ONE', 'Pending', T0 + 500),
];

describe('recording answers that arrive together', () => {
  it('gives each caller what recording its answer alone would have, in fewer database transactions', async () => {
    const list = answers();
    const oneByOne = freshDb();
    const expected = [];
    for (const exchange of list) expected.push(await recordExchange(oneByOne, exchange, lookupProfile));

    const db = freshDb();
    const transactions = vi.spyOn(db, 'transaction');
    const record = batchedRecorder(db, lookupProfile);
    const outcomes = await Promise.all(list.map(record));

    expect(outcomes).toEqual(expected);
    expect(await db.transactions.toArray()).toEqual(await oneByOne.transactions.toArray());
    expect(await db.exchanges.count()).toBe(5);
    // The first is written at once; the four that came while it was being written share the next one.
    expect(transactions).toHaveBeenCalledTimes(2);
  });

  it('says an answer that was already recorded (by the push event) is a duplicate', async () => {
    const db = freshDb();
    const answer = statusExchange('s2ONE', 'Success', T0);
    await recordExchange(db, answer, lookupProfile);
    const outcome = await batchedRecorder(db, lookupProfile)(answer);
    expect(outcome).toMatchObject({ duplicate: true, after: { paymentStatus: 'Success' } });
  });

  it('fails only the answer that cannot be stored, not the others written with it', async () => {
    const db = freshDb();
    const record = batchedRecorder(db, lookupProfile);
    const [first, good, bad] = [
      statusExchange('s2ONE', 'Pending', T0),
      statusExchange('s2TWO', 'Success', T0 + 1),
      // Not cloneable: IndexedDB refuses to store it.
      { ...statusExchange('s2THREE', 'Success', T0 + 2), said: (() => undefined) as never },
    ];
    const results = await Promise.allSettled([record(first), record(good), record(bad)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await db.transactions.get('s2TWO')).toMatchObject({ paymentStatus: 'Success' });
    expect(await db.exchanges.get(bad.id)).toBeUndefined();
  });
});
