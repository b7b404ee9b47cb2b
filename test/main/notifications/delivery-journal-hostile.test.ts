/**
 * The receiver's delivery journal as someone with access to the user-data folder could leave it (issue
 * 25, §6): one record nested far deeper than any notification must be set aside and counted, and the
 * log must keep answering — every page it was on used to fail when the console serialised it.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { methods } from '@shared/contract';
import { createNotificationsHandlers } from '../../../src-main/core/handlers/notifications-handlers';
import { DeliveryJournal, JOURNAL_FILE } from '../../../src-main/notifications/delivery-journal';
import { candidates, deliver, startReceiver } from './fixtures';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('delivery journal (issue 25 §6 defect: one deeply nested delivery record made the whole delivery log fail)', () => {
  it('a record nested 100,000 levels deep is counted unreadable; the other records list and serialise', async () => {
    const first = await startReceiver();
    cleanups.push(() => first.close());
    expect((await deliver(first.receiver)).status).toBe(200);
    await first.stop();

    // The record just written, made deep inside a free-form part (its notification's unknown fields).
    const folder = join(first.dir, 'notifications');
    const good = (await readFile(join(folder, JOURNAL_FILE), 'utf8')).trim();
    const depth = 100_000;
    const deep = good
      .replace('"seq":1', '"seq":2')
      .replace(/"unknownFields":\{[^}]*\}/, `"unknownFields":{"x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
    expect(deep.length).toBeGreaterThan(depth * 5);
    await appendFile(join(folder, JOURNAL_FILE), `${deep}\n`);

    const journal = await DeliveryJournal.open(folder);
    cleanups.push(() => journal.close());
    expect(journal.unreadableLines).toBe(1);
    const handlers = createNotificationsHandlers({
      journal,
      receiver: first.receiver,
      webhookSecretOf: (profileId) => candidates.find((c) => c.profileId === profileId)?.secret ?? null,
      // Listing never asks for a profile; only replay does.
      profiles: {
        stored: () => {
          throw new Error('not used by notifications.list');
        },
      },
      masksCustomerData: () => false,
    });
    const page = await handlers['notifications.list'](methods['notifications.list'].input.parse({}));
    expect(page.records.map((record) => record.seq)).toEqual([1]);
    // What the IPC and the browser-mode host do with every answer.
    expect(() => JSON.stringify(page)).not.toThrow();
    expect(() => structuredClone(page)).not.toThrow();
  });
});
