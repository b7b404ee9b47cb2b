import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_FILE, RecordJournal } from '../../../src-main/record/record-journal';
import { exchangeFixture } from './fixtures';
import { afterResets } from '../../../src-shared/contract/shop';

let dir: string;
const journals: RecordJournal[] = [];
const open = () => {
  const journal = RecordJournal.open(dir);
  journals.push(journal);
  return journal;
};
const exchange = (transactionID: string, startedAt = new Date().toISOString()) =>
  ({
    kind: 'exchange',
    exchange: exchangeFixture({ transactionID, timings: { startedAt, durationMs: 1, attempts: 1 } }),
  }) as const;
const ids = (entries: Array<{ kind: string; exchange?: { transactionID: string | null } }>) =>
  entries.map((entry) => entry.exchange?.transactionID);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-record-'));
});
afterEach(() => {
  for (const journal of journals.splice(0)) journal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('main’s record journal', () => {
  it('numbers every entry with a seq that only grows, kept across a reopen', () => {
    const journal = open();
    expect(journal.append(exchange('s2A')).seq).toBe(1);
    expect(journal.append(exchange('s2B')).seq).toBe(2);
    journal.close();
    const again = open();
    expect(again.head()).toMatchObject({ head: 2, entries: 2, unreadableLines: 0 });
    expect(again.append(exchange('s2C')).seq).toBe(3);
    expect(ids(again.since(0, 10).entries)).toEqual(['s2A', 's2B', 's2C']);
    expect(statSync(join(dir, RECORD_FILE)).mode & 0o777).toBe(0o600);
  });

  it('pages from a cursor and says when it is done', () => {
    const journal = open();
    for (let i = 0; i < 25; i += 1) journal.append(exchange(`s2T${i}`));
    const first = journal.since(0, 10);
    expect(first.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first).toMatchObject({ next: 10, head: 25, done: false });
    const last = journal.since(20, 10);
    expect(last.entries.map((entry) => entry.seq)).toEqual([21, 22, 23, 24, 25]);
    expect(last).toMatchObject({ next: 25, done: true });
    expect(journal.since(25, 10)).toMatchObject({ entries: [], next: 25, done: true });
  });

  it('sees what another process (another handle on the same folder) appended, and never reuses its seqs', () => {
    const console = open();
    const cli = open();
    console.append(exchange('s2UI'));
    cli.append(exchange('s2CLI'));
    expect(console.append(exchange('s2UI2')).seq).toBe(3);
    expect(ids(cli.since(0, 10).entries)).toEqual(['s2UI', 's2CLI', 's2UI2']);
  });

  it('torn last line after a crash: skipped and reported, the rest readable, the next entry on its own line', () => {
    const journal = open();
    journal.append(exchange('s2A'));
    journal.append(exchange('s2B'));
    journal.close();
    // A process killed in the middle of its write leaves half a line.
    appendFileSync(join(dir, RECORD_FILE), '{"seq":3,"kind":"exchange","exchange":{"id":"half');
    const reopened = open();
    expect(reopened.head()).toMatchObject({ head: 2, entries: 2, unreadableLines: 1 });
    expect(reopened.append(exchange('s2C')).seq).toBe(3);
    const again = open();
    expect(ids(again.since(0, 10).entries)).toEqual(['s2A', 's2B', 's2C']);
    expect(again.unreadableLines).toBe(1);
    // The torn bytes are kept in the file, never rewritten away.
    expect(readFileSync(join(dir, RECORD_FILE), 'utf8')).toContain('"id":"half');
  });

  it('hostile lines: valid JSON that is not an entry, a __proto__ key, an out-of-order seq are skipped, never trusted', () => {
    const journal = open();
    journal.append(exchange('s2A'));
    journal.close();
    const good = JSON.parse(
      JSON.stringify({ seq: 5, kind: 'exchange', exchange: exchangeFixture({ transactionID: 's2P' }) }),
    );
    const polluting = JSON.stringify(good)
      .replace('{"seq":5', '{"__proto__":{"polluted":true},"seq":5')
      .replace('"headers":{"Authorization"', '"headers":{"__proto__":{"polluted":true},"Authorization"');
    appendFileSync(
      join(dir, RECORD_FILE),
      [
        '{"hello":"world"}',
        '[1,2,3]',
        'null',
        '{"seq":"2","kind":"exchange","exchange":{}}',
        polluting,
        '{"seq":4,"kind":"exchange","exchange":{"id":"older than the line before"}}',
        '{"seq":6,"kind":"exchange","exchange":{"id":"not an exchange"}}',
        '',
      ].join('\n'),
    );
    const reopened = open();
    const page = reopened.since(0, 10);
    expect(ids(page.entries)).toEqual(['s2A', 's2P']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const headers = page.entries[1]!.kind === 'exchange' ? page.entries[1]!.exchange.request.headers : {};
    expect(Object.getPrototypeOf(headers)).not.toEqual({ polluted: true });
    expect(reopened.head().unreadableLines).toBe(6);
    // Numbers keep growing past everything seen, so no seq is ever handed out twice.
    expect(reopened.append(exchange('s2Z')).seq).toBe(7);
  });

  it('retention: drops entries older than max age and all but the newest transactions; seqs never reused', () => {
    const journal = open();
    const now = Date.parse('2026-06-01T00:00:00Z');
    const day = 86_400_000;
    journal.append(exchange('s2OLD', new Date(now - 40 * day).toISOString()));
    journal.append(exchange('s2T1', new Date(now - 3 * day).toISOString()));
    journal.append(exchange('s2T2', new Date(now - 2 * day).toISOString()));
    journal.append(exchange('s2T1', new Date(now - day).toISOString()));
    journal.append(exchange('s2T3', new Date(now).toISOString()));
    expect(journal.applyRetention({ maxAgeDays: 30, maxCount: null }, now)).toBe(1);
    expect(ids(journal.since(0, 10).entries)).toEqual(['s2T1', 's2T2', 's2T1', 's2T3']);
    // The two newest transactions are s2T3 and s2T1 (seen last at seq 4): s2T2 goes.
    expect(journal.applyRetention({ maxAgeDays: null, maxCount: 2 }, now)).toBe(1);
    expect(journal.since(0, 10).entries.map((entry) => entry.seq)).toEqual([2, 4, 5]);
    expect(journal.applyRetention({ maxAgeDays: 1, maxCount: null }, now + 10 * day)).toBe(3);
    const reopened = open();
    expect(reopened.head()).toMatchObject({ head: 5, entries: 0 });
    expect(reopened.append(exchange('s2NEW')).seq).toBe(6);
    expect(reopened.head().journalId).toBe(journal.head().journalId);
  });

  it('retention never keeps a shop world’s calls from before a reset without the reset: a rebuilt History would show them again', () => {
    const journal = open();
    const now = Date.parse('2026-06-01T00:00:00Z');
    const minute = 60_000;
    // A create the gateway refused has no transaction id: its transaction is its order id, which the shop
    // uses again after the reset — the same "transaction" is then seen both before and after the reset.
    const refusedCreate = (worldId: string, at: number) =>
      ({
        kind: 'shop',
        shop: {
          kind: 'call',
          seq: 1,
          worldId,
          via: 'world',
          receivedAt: new Date(at).toISOString(),
          worldTime: new Date(at).toISOString(),
          method: 'POST',
          path: '/api/v2/payments',
          operation: 'createOrder',
          request: { headers: {}, authScheme: 'Bearer', body: null, bodyTruncated: false },
          response: { status: 401, headers: {}, body: '{}', fault: null },
          durationMs: 1,
          transactionID: null,
          merchantTransactionId: 'order-1',
          statusCode: null,
          paymentStatus: null,
        },
      }) as const;
    journal.append(refusedCreate('shop', now - 3 * minute));
    journal.append(refusedCreate('other-world', now - 3 * minute));
    journal.append({ kind: 'shopReset', shopReset: { worldId: 'shop', at: new Date(now - 2 * minute).toISOString() } });
    journal.append(refusedCreate('other-world', now - minute));
    journal.append(refusedCreate('shop', now - minute));
    const shown = () => {
      const entries = journal.since(0, 10).entries;
      const resets = entries.flatMap((entry) =>
        entry.kind === 'shopReset' ? [{ seq: entry.seq, worldId: entry.shopReset.worldId }] : [],
      );
      const shop = entries.flatMap((entry) => (entry.kind === 'shop' ? [{ seq: entry.seq, shop: entry.shop }] : []));
      return afterResets(shop, resets).map((record) => record.seq);
    };
    expect(shown()).toEqual([2, 4, 5]);
    // The two newest transactions are the shop's order-1 (seen last at 5) and the other world's (at 4): the
    // reset is the oldest "transaction" and goes — and with it the shop's call it hid, not the other world's.
    journal.applyRetention({ maxAgeDays: null, maxCount: 2 }, now);
    expect(shown()).toEqual([2, 4, 5]);
    expect(journal.since(0, 10).entries.map((entry) => entry.seq)).toEqual([2, 4, 5]);
  });

  it('forgets a profile’s entries (Sandbox reset) and keeps unreadable lines in the file', () => {
    const journal = open();
    journal.append(exchange('s2A'));
    journal.append({ kind: 'exchange', exchange: exchangeFixture({ profileId: 'mine', transactionID: 'T-MINE' }) });
    appendFileSync(join(dir, RECORD_FILE), 'not json\n');
    journal.append(exchange('s2B'));
    expect(journal.forgetProfiles(new Set(['sandbox-a']))).toBe(2);
    expect(ids(journal.since(0, 10).entries)).toEqual(['T-MINE']);
    expect(readFileSync(join(dir, RECORD_FILE), 'utf8')).toContain('not json');
    expect(journal.append(exchange('s2C')).seq).toBe(4);
  });

  it('a journal replaced by a new user-data file gets a new id, so an index made from the old one starts over', () => {
    const first = open();
    first.append(exchange('s2A'));
    const id = first.head().journalId;
    first.close();
    rmSync(dir, { recursive: true, force: true });
    const fresh = open();
    fresh.append(exchange('s2B'));
    expect(fresh.head().journalId).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing but the entry it was given (the masked Exchange)', () => {
    const journal = open();
    journal.append(exchange('s2A'));
    const lines = readFileSync(join(dir, RECORD_FILE), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({ journal: { id: expect.any(String), seqFloor: 0 } });
    expect(lines[1]).toContain('Bearer ••••1234');
  });
});
