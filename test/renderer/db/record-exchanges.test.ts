import { describe, expect, it } from 'vitest';
import { recordExchange, recordExchanges } from '../../../src-renderer/src/db/history-writer';
import { createExchange, freshDb, lookupProfile, statusExchange, T0 } from '../db/fixtures';

describe('storing a page of main’s record at once', () => {
  it('gives the same History as storing each exchange in turn, duplicates and all', async () => {
    const exchanges = [
      createExchange('s2ONE', 'm-1', T0),
      statusExchange('s2ONE', 'Pending', T0 + 1000),
      createExchange(null, 'm-2', T0 + 2000),
      statusExchange('s2ONE', 'Success', T0 + 3000),
      statusExchange('s2TWO', 'Declined', T0 + 4000),
      // An older answer read after a newer one does not win.
      statusExchange('s2ONE', 'Pending', T0 + 500),
    ];
    const oneByOne = freshDb();
    for (const exchange of exchanges) await recordExchange(oneByOne, exchange, lookupProfile);
    const batched = freshDb();
    await recordExchanges(batched, exchanges.slice(0, 2), lookupProfile);
    expect(await recordExchanges(batched, [...exchanges, exchanges[0]!], lookupProfile)).toBe(4);
    expect(await batched.transactions.toArray()).toEqual(await oneByOne.transactions.toArray());
    expect((await batched.exchanges.toArray()).length).toBe(exchanges.length);
    expect(await batched.transactions.get('s2ONE')).toMatchObject({ paymentStatus: 'Success', source: 'created' });
  });
});
