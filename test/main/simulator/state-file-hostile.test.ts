/**
 * A `--state` file that someone else wrote (issue 25, §6): a huge single line must not make loading
 * quadratic, and one bad record must be set aside and reported, never take the simulator or its delivery
 * log down. In-process: the problems are read from `stateProblems()`.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { simulatorDeliverySchema, simulatorTransactionSchema } from '@shared/contract/simulator';
import { simulatorCommand } from '../../../src-main/cli/simulator-command';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { SimulatorStateFile } from '../../../src-main/simulator/state-file';
import { validOrderA } from './harness';

let dir: string;
let running: RunningSimulator | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-hostile-state-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = '{"k":"header","format":"gateway-simulator-state","version":1}\n';
const line = (record: unknown) => `${JSON.stringify(record)}\n`;

const delivery = (notificationID: string, payload: unknown) => ({
  k: 'd',
  v: {
    notificationID,
    transactionID: 's2restoredtransaction',
    paymentStatus: 'Success',
    url: 'http://127.0.0.1:9/notifications',
    duplicate: false,
    state: 'delivered',
    firstAt: '2026-01-01T00:00:00.000Z',
    nextAttemptAt: null,
    attempts: [{ at: '2026-01-01T00:00:00.000Z', httpStatus: 200, acknowledged: true, verdict: 'acknowledged' }],
    payload,
  },
});

/** Opens and closes the file, returning how long the read took and what it reported. */
function load(path: string): { ms: number; problems: string[]; clockOffsetMs: number } {
  const started = performance.now();
  const { file, loaded } = SimulatorStateFile.open(path);
  const ms = performance.now() - started;
  file.close();
  return { ms, problems: loaded.problems, clockOffsetMs: loaded.clockOffsetMs };
}

describe('state file: size (issue 25 §6 defect: one 256 MB line took over 30 s to load, quadratic)', () => {
  it('a file that is one 32 MB line loads about as fast as 32 MB of ordinary lines, and the line is reported', () => {
    const bytes = 32 * 1024 * 1024;
    const ordinary = line({ k: 'clock', offsetMs: 0, pad: 'x'.repeat(1000) });
    const manyLines = join(dir, 'many.jsonl');
    writeFileSync(manyLines, HEADER + ordinary.repeat(Math.floor(bytes / ordinary.length)));
    const oneLine = join(dir, 'one.jsonl');
    writeFileSync(
      oneLine,
      HEADER + line({ k: 'clock', offsetMs: 0, pad: 'x'.repeat(bytes) }) + line({ k: 'clock', offsetMs: 5000 }),
    );

    load(manyLines); // warm-up: the first read of a fresh file pays for the page cache
    const many = load(manyLines);
    const one = load(oneLine);
    // Linear: the one line costs no more than the same bytes in lines (it is not even parsed). The old
    // reader re-joined and re-searched the carried line at every 1 MB chunk: ~20x the ordinary time here.
    expect(one.ms).toBeLessThan(2 * many.ms + 250);
    expect(one.problems.join('\n')).toMatch(/line 2 is longer than \d+ bytes/);
    // The line after it is read as usual.
    expect(one.clockOffsetMs).toBe(5000);
  });
});

describe('state file: one bad record (issue 25 §6 defect: a deeply nested delivery record made the delivery log answer 500)', () => {
  it('a delivery with a wrongly typed field is set aside; what the console gets still matches its contract', async () => {
    const statePath = join(dir, 'state.jsonl');
    const broken = [
      { ...delivery('bad-attempt', {}).v, attempts: [{ at: 5 }] },
      { ...delivery('bad-url', {}).v, url: 5 },
      { ...delivery('bad-state', {}).v, state: 'exploded' },
    ].map((v) => line({ k: 'd', v }));
    writeFileSync(
      statePath,
      HEADER + line(delivery('good-notification', { paymentStatus: 'Success' })) + broken.join(''),
    );
    running = await startSimulator({ seed: 3, state: statePath });

    expect(running.control.deliveries().map((entry) => entry.notificationID)).toEqual(['good-notification']);
    expect(z.array(simulatorDeliverySchema).safeParse(running.control.deliveries()).success).toBe(true);
    expect(running.stateProblems().filter((problem) => /malformed delivery/.test(problem))).toHaveLength(3);
  });

  it('a delivery nested 100,000 levels deep is set aside and reported; the delivery log still answers', async () => {
    const statePath = join(dir, 'state.jsonl');
    // Written as text: JSON.stringify itself cannot produce a value this deep.
    const depth = 100_000;
    const nested = `${'{"a":'.repeat(depth)}{"end":true}${'}'.repeat(depth)}`;
    const deep = line(delivery('deep-one', 'NESTED')).replace('"NESTED"', nested);
    writeFileSync(statePath, HEADER + line(delivery('good-notification', { paymentStatus: 'Success' })) + deep);
    running = await startSimulator({ seed: 3, state: statePath });

    const answer = await fetch(`${running.url}/__simulator/notifications`);
    expect(answer.status).toBe(200);
    const deliveries = (await answer.json()) as Array<{ notificationID: string }>;
    expect(deliveries.map((entry) => entry.notificationID)).toEqual(['good-notification']);
    expect(running.control.deliveries()).toHaveLength(1);
    const problems = running.stateProblems().join('\n');
    expect(problems).toMatch(/line 3 is nested deeper than \d+ levels/);
    // What the console's simulator.deliveries checks before the panel sees it.
    expect(z.array(simulatorDeliverySchema).safeParse(running.control.deliveries()).success).toBe(true);
    // Set aside, not lost: the file as it was is kept next to it.
    expect(readdirSync(dir).some((name) => name.startsWith('state.jsonl.unreadable-'))).toBe(true);
  });
});

describe('state file: one bad transaction or clock line (issue 25 §6: one bad record is quarantined, not fatal)', () => {
  /** A state file with real transactions, written by a simulator and stopped. */
  async function writtenState(statePath: string) {
    const first = await startSimulator({ seed: 5, state: statePath });
    const headers = {
      Authorization: `Bearer ${first.terminals[0]!.token}`,
      [first.clientIdHeader]: first.clientId,
      'Content-Type': 'application/json',
    };
    const ids: string[] = [];
    for (let index = 0; index < 2; index++) {
      const answer = await fetch(`${first.apiUrl}/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify(validOrderA()),
      });
      ids.push(((await answer.json()) as { transactionID: string }).transactionID);
    }
    await first.close();
    return { ids, headers };
  }

  it.each([
    ['a creation time past the calendar', (record: unknown[]) => (record[10] = 1e300)],
    ['an expiry past the calendar', (record: unknown[]) => (record[11] = -1e300)],
    [
      'a reference with wrongly typed fields',
      (record: unknown[]) =>
        (record[17] = { reference: { reference: 5, entity: null, expiresAt: 'soon', status: 'UNPAID', payments: 0 } }),
    ],
  ])('a transaction with %s is set aside; the others still answer and list', async (_what, spoil) => {
    const statePath = join(dir, 'state.jsonl');
    const { ids, headers } = await writtenState(statePath);
    const lines = readFileSync(statePath, 'utf8').split('\n');
    const at = lines.findIndex((text) => text.includes(`"${ids[0]}"`) && text.startsWith('{"k":"t"'));
    const record = JSON.parse(lines[at]!) as { v: unknown[] };
    spoil(record.v);
    // Every later version of the spoiled transaction goes too, so the spoiled one is the last word.
    const kept = lines.filter((text, index) => index === at || !(text.includes(`"${ids[0]}"`) && index > at));
    kept[at] = JSON.stringify(record);
    writeFileSync(statePath, kept.join('\n'));

    running = await startSimulator({ seed: 5, state: statePath });
    const listed = await fetch(`${running.url}/__simulator/transactions`);
    expect(listed.status).toBe(200);
    const transactions = (await listed.json()) as Array<{ transactionID: string }>;
    expect(transactions.map((transaction) => transaction.transactionID)).toEqual([ids[1]]);
    expect(z.array(simulatorTransactionSchema).safeParse(running.control.transactions()).success).toBe(true);
    const status = await fetch(`${running.apiUrl}/payments/${ids[1]}/status`, { headers });
    expect(status.status).toBe(200);
    expect(running.stateProblems().join('\n')).toMatch(/malformed transaction/);
  });

  it('a clock offset past the calendar is set aside; the simulator keeps answering', async () => {
    const statePath = join(dir, 'state.jsonl');
    const { ids, headers } = await writtenState(statePath);
    appendFileSync(statePath, line({ k: 'clock', offsetMs: 1e300 }));

    running = await startSimulator({ seed: 5, state: statePath });
    const status = await fetch(`${running.apiUrl}/payments/${ids[0]}/status`, { headers });
    expect(status.status).toBe(200);
    expect((await fetch(`${running.url}/__simulator/clock`)).status).toBe(200);
    expect(running.stateProblems().join('\n')).toMatch(/malformed clock offset/);
  });
});

describe('state file: text from the file reaches no terminal as control sequences (issue 25: outside text is data)', () => {
  it('`simulator --state` on a file whose header carries escape sequences refuses it and prints them inert', async () => {
    const statePath = join(dir, 'state.jsonl');
    const hostile = '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u009b31m';
    writeFileSync(statePath, line({ k: 'header', format: hostile, version: hostile }));
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await simulatorCommand.run(['--port', '0', '--state', statePath])).toBe(1);
    } finally {
      stderr.mockRestore();
    }
    const output = written.join('');
    expect(output).toMatch(/is not a version-1 simulator state file/);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(output.replace(/\n$/, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
