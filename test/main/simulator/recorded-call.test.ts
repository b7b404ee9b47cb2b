/**
 * A world keeps each recorded shop call as bytes until it is first read (recorded-call.ts). Read back, the
 * call must be exactly what was written — an empty text is not a missing one, a body cut mid-character
 * stays cut, pieces of one slab never bleed into each other — or the Traffic view and the findings would
 * judge a call the shop never made.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  BODY_TRUNCATED,
  HAS_ANSWER,
  HAS_BODY,
  HEADERS_AS_JSON,
  readRecordedCall,
  recordedCallSize,
  writeRecordedCall,
  type CallNumbers,
  type CallTexts,
} from '../../../src-main/simulator/recorded-call';
import { ShopTrafficLog } from '../../../src-main/shop/traffic-log';

const numbers: CallNumbers = {
  receivedAt: 1_795_000_000_123.5,
  worldMs: 1_795_086_400_000,
  durationMs: 0.734,
  status: 999,
  flags: HAS_ANSWER | HAS_BODY | BODY_TRUNCATED,
};

const texts: CallTexts = {
  method: 'POST',
  fault: 'status-999',
  path: '/api/v2/payments?lang=pt — ação',
  headers: 'Host\n127.0.0.1\nAuthorization\nBearer t0ken',
  answer: '{"returnStatus":{"statusMsg":"Não"}}',
  answerHeaders: JSON.stringify({ 'Content-Type': 'application/json', 'Content-Length': 37 }),
};

function roundTrip(call: CallTexts, chunks: Buffer[] | null, flags = numbers.flags) {
  const bodyBytes = (chunks ?? []).reduce((sum, chunk) => sum + chunk.length, 0);
  const target = Buffer.alloc(recordedCallSize(call, bodyBytes));
  const kept = writeRecordedCall(target, call, chunks, bodyBytes, { ...numbers, flags });
  return { read: readRecordedCall(target), kept };
}

describe('a recorded call kept as bytes', () => {
  it('reads back every number and text as written, the body from its chunks', () => {
    const chunks = [Buffer.from('{"merchant":'), Buffer.from('{"terminalId":1}}')];
    const { read, kept } = roundTrip(texts, chunks);
    expect(read).toEqual({
      ...numbers,
      ...texts,
      body: '{"merchant":{"terminalId":1}}',
    });
    // The byte budget counts the bodies the call holds: request body and answer, in bytes, not characters.
    expect(kept).toBe(29 + Buffer.byteLength(texts.answer!));
  });

  it('tells a missing answer, fault, body or header object from an empty one', () => {
    const none = roundTrip({ ...texts, fault: null, answer: null, answerHeaders: null }, null, 0).read;
    expect(none).toMatchObject({ fault: null, answer: null, answerHeaders: null, body: null });
    const empty = roundTrip({ ...texts, fault: '', answer: '', answerHeaders: '' }, [], HAS_ANSWER | HAS_BODY).read;
    expect(empty).toMatchObject({ fault: '', answer: '', answerHeaders: '', body: '' });
  });

  it('keeps a body cut in the middle of a character as the bytes it was', () => {
    const cut = Buffer.from('pão', 'utf8').subarray(0, 2);
    const { read } = roundTrip(texts, [cut]);
    expect(Buffer.from(read.body!, 'utf8').subarray(0, 1)).toEqual(cut.subarray(0, 1));
    expect(read.body).toBe(cut.toString('utf8'));
    expect(read.flags & HEADERS_AS_JSON).toBe(0);
  });

  it('read from the traffic log, each call is its own, across slabs, and the reader runs once', () => {
    const log = new ShopTrafficLog(50);
    let reads = 0;
    const reader = {
      entryFromBytes: (bytes: Buffer, seq: number) => {
        reads++;
        return { kind: 'notification', seq, path: readRecordedCall(bytes).path } as never;
      },
    };
    for (let index = 0; index < 40; index++) {
      const call = { ...texts, path: `/payments/${index}`, answer: 'x'.repeat(3_000 + index) };
      const piece = log.storeBytes(recordedCallSize(call, 0));
      log.addBytes(reader, piece, writeRecordedCall(piece, call, null, 0, numbers));
    }
    const paths = log.since(0).entries.map((entry) => (entry as unknown as { path: string }).path);
    expect(paths).toEqual(Array.from({ length: 40 }, (_unused, index) => `/payments/${index}`));
    expect(log.since(0).entries).toHaveLength(40);
    expect(reads).toBe(40);
  });

  it('not recording, the log keeps nothing it is handed as bytes', () => {
    const log = new ShopTrafficLog();
    log.recording = false;
    const piece = log.storeBytes(recordedCallSize(texts, 0));
    writeRecordedCall(piece, texts, null, 0, numbers);
    const reader = { entryFromBytes: () => ({ kind: 'notification', seq: 1 }) as never };
    expect(log.addBytes(reader, piece, 10)).toBe(0);
    expect(log.since(0).entries).toEqual([]);
  });

  it('a slab is reused only once no entry holds bytes in it: every call reads back its own bytes', () => {
    // A ring spanning a few slabs, a byte budget now and then passed, pieces of many sizes (some too large for a slab), reads at random: entries
    // leave by the ring, by the budget and by being read, in every order. A slab reused too early would
    // show one call's bytes in another's record.
    const log = new ShopTrafficLog(200, 2_000_000);
    const reader = {
      entryFromBytes: (bytes: Buffer, seq: number) =>
        ({ kind: 'notification', seq, own: bytes.every((byte) => byte === seq % 251) }) as never,
    };
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const allocations = vi.spyOn(Buffer, 'allocUnsafeSlow');
    const seen = new Map<number, boolean>();
    for (let call = 1; call <= 6_000; call++) {
      const size = random() < 0.02 ? 9_000 + Math.floor(random() * 3_000) : 1 + Math.floor(random() * 2_500);
      const piece = log.storeBytes(size).fill(call % 251);
      const budgetBytes = random() < 0.01 ? 1_500_000 : Math.floor(random() * 4_000);
      expect(log.addBytes(reader, piece, budgetBytes)).toBe(call);
      if (random() < 0.3) {
        const page = log.since(call - 1 - Math.floor(random() * 220), 1);
        for (const entry of page.entries) seen.set(entry.seq, (entry as unknown as { own: boolean }).own);
      }
    }
    for (const entry of log.since(0).entries) seen.set(entry.seq, (entry as unknown as { own: boolean }).own);
    expect(seen.size).toBeGreaterThan(500);
    expect([...seen.values()].every(Boolean)).toBe(true);
    // Steady state reuses slabs: far fewer allocations than the ~120 slabs 6,000 calls of this size fill.
    const slabs = allocations.mock.calls.filter(([size]) => size === 64 * 1024).length;
    allocations.mockRestore();
    expect(slabs).toBeLessThan(20);
  });

  it('keeps a slab one unread call still holds, and reuses it once that call is read', () => {
    // 8 KiB pieces: eight to a 64 KiB slab. Once the second slab is started, calls 1–7 are read (masked) and
    // call 8 is not: the first slab must not be cut again while call 8 holds bytes in it.
    const log = new ShopTrafficLog(100);
    const reader = {
      entryFromBytes: (bytes: Buffer, seq: number) =>
        ({ kind: 'notification', seq, own: bytes.every((byte) => byte === seq) }) as never,
    };
    const allocations = vi.spyOn(Buffer, 'allocUnsafeSlow');
    const record = (seq: number) => log.addBytes(reader, log.storeBytes(8 * 1024).fill(seq), 0);
    const own = (seq: number) => (log.since(seq - 1, 1).entries[0] as unknown as { own: boolean }).own;
    for (let seq = 1; seq <= 9; seq++) record(seq);
    for (let seq = 1; seq <= 7; seq++) expect(own(seq)).toBe(true);
    for (let seq = 10; seq <= 25; seq++) record(seq);
    expect(own(8)).toBe(true);
    const slabsBefore = allocations.mock.calls.length;
    for (let seq = 9; seq <= 16; seq++) expect(own(seq)).toBe(true);
    // The first two slabs are no one's now: the next two slabs needed are those, not new ones.
    for (let seq = 26; seq <= 48; seq++) record(seq);
    expect(allocations.mock.calls.length).toBe(slabsBefore);
    allocations.mockRestore();
    for (let seq = 17; seq <= 48; seq++) expect(own(seq)).toBe(true);
  });
});
