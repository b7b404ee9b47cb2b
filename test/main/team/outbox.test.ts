/**
 * The team outbox (issue 30): every write queues in main first, durably, with a client-generated id, and
 * leaves in order once the workspace acknowledged it — across restarts and a crash mid-line.
 */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../src-main/team/outbox';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gc-outbox-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('team outbox', () => {
  it('team outbox: what was queued is still queued after a restart, in order, and an acknowledged item is gone', async () => {
    const outbox = await Outbox.open(dir);
    const first = outbox.enqueue('note', { text: 'one' });
    const second = outbox.enqueue('lookup', { query: 'two' });
    outbox.enqueue('note', { text: 'three' });
    outbox.acknowledge(second.clientId);
    const reopened = await Outbox.open(dir);
    expect(reopened.items().map((item) => item.payload)).toEqual([{ text: 'one' }, { text: 'three' }]);
    expect(reopened.items()[0]!.clientId).toBe(first.clientId);
    expect(reopened.size).toBe(2);
  });

  it('team outbox: the same client id queued twice is one item (a retried write is applied once)', async () => {
    const outbox = await Outbox.open(dir);
    const item = outbox.enqueue('note', { text: 'once' });
    outbox.enqueue('note', { text: 'once' }, item.clientId);
    expect(outbox.size).toBe(1);
    expect((await Outbox.open(dir)).size).toBe(1);
  });

  it('team outbox: a line torn by a crash is skipped and counted, the others are kept', async () => {
    const outbox = await Outbox.open(dir);
    outbox.enqueue('note', { text: 'kept' });
    await appendFile(outbox.path, '{"op":"add","item":{"clientId":"8f0');
    const reopened = await Outbox.open(dir);
    expect(reopened.unreadableLines).toBe(1);
    expect(reopened.items().map((item) => item.payload)).toEqual([{ text: 'kept' }]);
  });

  it('team outbox: once everything is acknowledged the file is emptied, not left to grow', async () => {
    const outbox = await Outbox.open(dir);
    const item = outbox.enqueue('note', { text: 'x' });
    outbox.acknowledge(item.clientId);
    expect(await readFile(outbox.path, 'utf8')).toBe('');
  });
});
