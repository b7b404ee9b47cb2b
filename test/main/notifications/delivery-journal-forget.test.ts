/**
 * A Sandbox reset forgets the Sandbox's deliveries in the journal (issue 27, onboarding presenter item 5):
 * only the matching records go, the rest — unreadable lines included — survive on disk, seqs are never
 * reused and a repeat of a remaining notification is still flagged as a duplicate.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryJournal, JOURNAL_FILE } from '../../../src-main/notifications/delivery-journal';
import { SECRET_B, deliver, sampleNotification, startReceiver } from './fixtures';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('delivery journal forget (issue 27 item 5 defect: "84 deliveries journaled" after the reset emptied the table)', () => {
  it('drops only the reset profile’s deliveries, on disk too; other records, unreadable lines and seq order stay', async () => {
    const first = await startReceiver();
    cleanups.push(() => first.close());
    const kept = sampleNotification({
      merchant: { transactionId: 'order-kept', terminalId: '1000000', inApp: 'false' },
    });
    expect((await deliver(first.receiver)).status).toBe(200);
    expect((await deliver(first.receiver, { secret: SECRET_B, json: kept })).status).toBe(200);
    expect((await deliver(first.receiver)).status).toBe(200);
    await first.stop();
    const folder = join(first.dir, 'notifications');
    await appendFile(join(folder, JOURNAL_FILE), 'not a record\n');

    const journal = await DeliveryJournal.open(folder);
    cleanups.push(() => journal.close());
    expect(journal.size).toBe(3);
    expect(await journal.forget((record) => record.profileId === 'sandbox')).toBe(2);
    expect(journal.size).toBe(1);
    expect(journal.list().records.map((r) => [r.seq, r.profileId])).toEqual([[2, 'test-shop']]);

    // The next delivery continues after the highest seq ever given, and a repeat is still a duplicate.
    const again = await startReceiver({ dir: first.dir, journal });
    expect((await deliver(again.receiver, { secret: SECRET_B, json: kept })).status).toBe(200);
    expect(journal.list(2).records.map((r) => [r.seq, r.duplicate, r.duplicateOfSeq])).toEqual([[4, true, 2]]);
    await again.receiver.stop();
    await journal.close();

    // What a restart reads back: the forgotten deliveries are gone from the file; the unreadable line is kept.
    const text = await readFile(join(folder, JOURNAL_FILE), 'utf8');
    expect(text).toContain('not a record');
    const reopened = await DeliveryJournal.open(folder);
    cleanups.push(() => reopened.close());
    expect(reopened.list().records.map((r) => r.seq)).toEqual([2, 4]);
    expect(reopened.unreadableLines).toBe(1);
  });
});
