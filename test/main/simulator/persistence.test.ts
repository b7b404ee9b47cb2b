/** `--state FILE`: a restarted simulator answers exactly as before, whatever moment it was stopped at. */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer, IncomingMessage, type Server } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptNotification, generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import { readActionResponse } from '@shared/gateway';
import type { SimulatorOptions } from '../../../src-main/simulator';
import { simulatorResponse } from '../../../src-main/simulator/simulator-response';
import { Harness, validOrderA } from './harness';
import { QUERY_COUNT_WRITE_DELAY_MS } from '../../../src-main/simulator/state-file';

let dir: string;
let statePath: string;
const open: Harness[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
  statePath = join(dir, 'state.jsonl');
});
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (options: SimulatorOptions = {}) => {
  const h = await Harness.start({ state: statePath, ...options });
  open.push(h);
  return h;
};
const stop = async (h: Harness) => {
  open.splice(open.indexOf(h), 1);
  await h.close();
};

/** A webhook that acknowledges or refuses as told, recording the notificationIDs it accepted. */
async function startWebhook(secret: string) {
  const accepted: Array<{ notificationID: string; paymentStatus: string }> = [];
  const state = { acknowledge: true };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const outcome = decryptNotification({
        secret,
        iv: String(req.headers['x-initialization-vector']),
        tag: String(req.headers['x-authentication-tag']),
        body,
      });
      const json = (outcome.ok ? outcome.json : {}) as { notificationID: string; paymentStatus: string };
      if (!state.acknowledge) {
        res.writeHead(503).end();
        return;
      }
      accepted.push({ notificationID: json.notificationID, paymentStatus: json.paymentStatus });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: '200', statusMsg: 'Success', notificationID: json.notificationID }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, accepted, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('simulator state file', () => {
  it('answers status, follow-ups with the same signature and the action token after a restart', async () => {
    const first = await start();
    const { id, signature } = await first.order('A');
    const referenced = await first.reference(id, signature);
    expect(referenced.status).toBe(200);
    const b = await first.order('B');
    const action = readActionResponse(b.answer.body.actionResponse);
    await first.advance(120);
    const before = await first.status(id);
    const credentials = { clientId: first.sim.clientId, token: first.terminalA.token };
    await stop(first);

    // No clientId / terminals given: the stored ones are used, so the merchant's credentials still work.
    const second = await start({ seed: 99 });
    expect(second.sim.clientId).toBe(credentials.clientId);
    expect(second.terminalA.token).toBe(credentials.token);
    const after = await second.status(id);
    expect(after.status).toBe(200);
    // The same answer, field for field, but for when it was computed.
    const withoutExecution = ({ execution: _, ...rest }: Record<string, unknown>) => rest;
    expect(withoutExecution(after.body)).toEqual(withoutExecution(before.body));
    expect(after.body.transactionID).toBe(id);
    // Same reference again (generate is idempotent on the stored reference), with the old signature.
    const again = await second.reference(id, signature);
    expect(again.status).toBe(200);
    expect(referenced.body.paymentReference.reference).toMatch(/^\d{9}$/);
    expect(again.body.paymentReference.reference).toBe(referenced.body.paymentReference.reference);
    expect((await second.reference(id, 'not-the-signature')).status).toBe(401);
    expect((await second.control('GET', '/clock')).body.offsetSeconds).toBe(120);

    // The action token issued before the restart completes the extra step after it (the port changed).
    const acted = await second.call('POST', `${second.sim.url}${new URL(action.url!).pathname}`, {
      headers: { 'Content-Type': 'application/json' },
      body: { params: action.params },
    });
    expect(acted.status).toBe(200);
    expect(await second.paymentStatus(b.id, 'B')).toBe('Success');
  });

  it('keeps pending steps: an MB WAY request started before the restart is answered after it', async () => {
    const first = await start({ shopperDelaySeconds: 30 });
    const approve = await first.order('A');
    expect((await first.mbway(approve.id, approve.signature, '351#912345678')).status).toBe(200);
    const silent = await first.order('A');
    expect((await first.mbway(silent.id, silent.signature, '351#912345408')).status).toBe(200);
    await stop(first);

    const second = await start({ shopperDelaySeconds: 30 });
    expect(await second.paymentStatus(approve.id)).toBe('Pending');
    await second.advance(31);
    expect(await second.paymentStatus(approve.id)).toBe('Success');
    expect(await second.paymentStatus(silent.id)).toBe('Pending');
    await second.advance(240);
    expect(await second.paymentStatus(silent.id)).toBe('Timeout');
    // An order nobody paid still expires on the restored clock.
    const lapsing = await second.order('A');
    await stop(second);
    const third = await start();
    await third.advance(1801);
    expect(await third.paymentStatus(lapsing.id)).toBe('Expired');
  });

  it('keeps the delivery log and retries a refused notification after a restart, with the same notificationID', async () => {
    const secret = generateWebhookSecret();
    const webhook = await startWebhook(secret);
    try {
      webhook.state.acknowledge = false;
      const first = await start({ webhook: { url: webhook.url, secret } });
      const { id } = await first.order('A');
      await first.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
      const [refused] = (await first.control('GET', '/notifications')).body;
      expect(refused).toMatchObject({ state: 'retrying', transactionID: id });
      await stop(first);

      webhook.state.acknowledge = true;
      const second = await start({ webhook: { url: webhook.url, secret } });
      expect((await second.control('GET', '/notifications')).body).toEqual([
        expect.objectContaining({ notificationID: refused.notificationID, state: 'retrying' }),
      ]);
      await second.advance(5 * 60);
      const [delivered] = (await second.control('GET', '/notifications')).body;
      expect(delivered).toMatchObject({ notificationID: refused.notificationID, state: 'delivered' });
      expect(delivered.attempts).toHaveLength(2);
      expect(webhook.accepted).toEqual([{ notificationID: refused.notificationID, paymentStatus: 'Success' }]);
    } finally {
      await webhook.close();
    }
  });

  it('a seeded simulator restarted on its state issues new ids, signatures and references, not the stored ones', async () => {
    const first = await start({ seed: 3 });
    const a = await first.order('A');
    const refA = (await first.reference(a.id, a.signature)).body.paymentReference.reference;
    await stop(first);
    const second = await start({ seed: 3 });
    const b = await second.order('A');
    const refB = (await second.reference(b.id, b.signature)).body.paymentReference.reference;
    expect(b.id).not.toBe(a.id);
    expect(b.signature).not.toBe(a.signature);
    expect(refA).toMatch(/^\d{9}$/);
    expect(refB).not.toBe(refA);
    // Both still answer, each with its own signature.
    expect((await second.reference(a.id, a.signature)).body.paymentReference.reference).toBe(refA);
    expect((await second.reference(a.id, b.signature)).status).toBe(401);
  });

  it('a record whose signature was emptied by hand gets a fresh one no client knows: its follow-ups are refused', async () => {
    const first = await start();
    const a = await first.order('A');
    await stop(first);
    const lines = readFileSync(statePath, 'utf8').split('\n').filter(Boolean);
    const edited = lines.map((entry) => {
      const parsed = JSON.parse(entry);
      if (parsed.k === 't') parsed.v[1] = '';
      return JSON.stringify(parsed);
    });
    writeFileSync(statePath, `${edited.join('\n')}\n`);

    const second = await start();
    expect(second.sim.stateProblems()).toEqual([]);
    expect((await second.reference(a.id, a.signature)).status).toBe(401);
    // Rewritten at once: the record holds a signature again (64 hex characters), not the old one.
    const record = readFileSync(statePath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((entry) => JSON.parse(entry))
      .find((parsed) => parsed.k === 't');
    expect(record.v[1]).toMatch(/^[0-9a-f]{64}$/);
    expect(record.v[1]).not.toBe(a.signature);
    await stop(second);
  });

  it('keeps only the order fields it answers with (no shopper data in the file), compactly', async () => {
    const first = await start();
    const { id, signature } = await first.order('A', (body) => {
      Object.assign(body.transaction, {
        paymentReference: { entity: '12345', finalDatetime: '2031-01-01T00:00:00.000Z' },
      });
    });
    await stop(first);
    const text = readFileSync(statePath, 'utf8');
    expect(text).not.toContain('ana@example.com');
    expect(text).not.toContain('Ana Silva');
    const line = text.split('\n').find((entry) => entry.includes(id) && entry.startsWith('{"k":"t"'))!;
    expect(line.length).toBeLessThan(450);
    // What it kept still answers everything: the Simulator panel's view, and a reference on the order's limits.
    const second = await start();
    expect((await second.control('GET', `/transactions/${id}`)).body).toMatchObject({
      merchantTransactionId: validOrderA().merchant.merchantTransactionId,
      paymentMethodList: validOrderA().transaction.paymentMethod,
    });
    const reference = await second.reference(id, signature);
    expect(reference.body.paymentReference).toMatchObject({ entity: '12345', expireDate: '2031-01-01T00:00:00.000Z' });
  });

  it('loads a file written when every transaction kept its whole order, and rewrites it compactly', async () => {
    const first = await start();
    const { id, signature } = await first.order('A');
    await stop(first);
    // The former shape of a transaction record: the whole parsed order instead of the fields kept now.
    const lines = readFileSync(statePath, 'utf8').split('\n').filter(Boolean);
    const former = lines.map((entry) => {
      const parsed = JSON.parse(entry);
      if (parsed.k !== 't') return entry;
      const [id, , terminal, variant, merchantTransactionId, , value, currency, ...more] = parsed.v;
      const [paymentType, paymentMethod, createdAt, expiresAt, status, statusQueries, , history, steps] = more;
      const order = validOrderA();
      order.merchant.merchantTransactionId = merchantTransactionId;
      const record = {
        ...{ id, signature, terminal, variant, order, amount: { value, currency }, paymentType, paymentMethod },
        ...{ createdAt, expiresAt, status, statusQueries, lastResult: { statusCode: '000', statusMsg: 'Success' } },
        history: history.map(([at, from, to, reason, statusCode, statusMsg]: string[]) => ({
          ...{ at, from, to, reason, statusCode, statusMsg },
        })),
        steps: [{ kind: steps[0], at: steps[1] }],
      };
      return JSON.stringify({ k: 'tx', v: record });
    });
    writeFileSync(statePath, `${former.join('\n')}\n`);

    const second = await start();
    expect(second.sim.stateProblems()).toEqual([]);
    expect(await second.paymentStatus(id)).toBe('Pending');
    expect((await second.control('GET', `/transactions/${id}`)).body.paymentMethodList).toEqual(
      validOrderA().transaction.paymentMethod,
    );
    expect((await second.reference(id, signature)).status).toBe(200);
    expect(readFileSync(statePath, 'utf8')).not.toContain('"order"');
  });

  it('loads a file whose last line was cut short by a crash, and keeps appending after it', async () => {
    const first = await start();
    const kept = await first.order('A');
    await stop(first);
    appendFileSync(statePath, '{"k":"tx","v":{"id":"s2half');

    const second = await start();
    expect(await second.paymentStatus(kept.id)).toBe('Pending');
    const added = await second.order('A');
    await stop(second);
    const third = await start();
    expect(await third.paymentStatus(kept.id)).toBe('Pending');
    expect(await third.paymentStatus(added.id)).toBe('Pending');
    expect(third.sim.stateProblems()).toEqual([]);
  });

  it('keeps a copy of a file with unreadable lines and says so, loading everything else', async () => {
    const first = await start();
    const kept = await first.order('A');
    await stop(first);
    appendFileSync(statePath, 'garbage in the middle\n{"k":"clock","offsetMs":0}\n');

    const second = await start();
    expect(await second.paymentStatus(kept.id)).toBe('Pending');
    expect(second.sim.stateProblems().join('\n')).toMatch(/unreadable lines.*\.bak[\s\S]*line \d+ is not JSON/);
    expect(readdirSync(dir).some((name) => name.endsWith('.bak'))).toBe(true);
  });

  it('writes what an answer reports to the file before the answer ends (a kill -9 after it loses nothing)', () => {
    const seen: boolean[] = [];
    const Response = simulatorResponse({ flush: () => seen.push(response.writableEnded) }, { now: () => Date.now() });
    const response = new Response(new IncomingMessage(new Socket()));
    response.end('{}');
    expect(seen).toEqual([false]);
    expect(response.writableEnded).toBe(true);
  });

  it('appends one line per change instead of rewriting the file, and compacts superseded lines', async () => {
    const h = await start();
    const { id } = await h.order('A');
    const size = statSync(statePath).size;
    for (let query = 0; query < 5; query++) await h.status(id);
    // The counts of status queries follow shortly after, in one small line, not a copy of the transaction
    // per query (let alone of the store).
    await new Promise((resolve) => setTimeout(resolve, QUERY_COUNT_WRITE_DELAY_MS + 100));
    const grown = statSync(statePath).size - size;
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThan(120);
    expect(readFileSync(statePath, 'utf8').trim().split('\n').at(-1)).toMatch(/"k":"q".*"n":5/);
  });

  it('compacts a journal of mostly superseded lines at start, keeping the state, and ignores a half-done compaction', async () => {
    const first = await start();
    const { id } = await first.order('A');
    expect((await first.status(id)).status).toBe(200);
    await stop(first);
    // 15,000 superseded status-count lines, and the leftover of a compaction a crash interrupted.
    const line = `{"k":"q","id":"${id}","n":1}\n`;
    appendFileSync(statePath, line.repeat(15_000));
    appendFileSync(`${statePath}.compact.tmp`, '{"k":"header","format":"gateway-simulator-state","version":1}\n');
    const bloated = statSync(statePath).size;

    const second = await start();
    expect(statSync(statePath).size).toBeLessThan(bloated / 10);
    expect(existsSync(`${statePath}.compact.tmp`)).toBe(false);
    const after = await second.status(id);
    expect(after.status).toBe(200);
    expect((await second.control('GET', `/transactions/${id}`)).body.statusQueries).toBe(2);
    await stop(second);
    const third = await start();
    expect((await third.control('GET', `/transactions/${id}`)).body.statusQueries).toBe(2);
  });

  it('reset forgets transactions, deliveries and the clock, on disk too, and keeps the credentials', async () => {
    const first = await start();
    const { id } = await first.order('A');
    await first.advance(60);
    const reset = await first.control('POST', '/reset');
    expect(reset.body).toEqual({ removedTransactions: 1 });
    expect((await first.status(id)).status).toBe(404);
    expect((await first.control('GET', '/clock')).body.offsetSeconds).toBe(0);
    const token = first.terminalA.token;
    await stop(first);

    const second = await start({ seed: 5 });
    expect((await second.status(id)).status).toBe(404);
    expect((await second.control('GET', '/transactions')).body).toEqual([]);
    expect(second.terminalA.token).toBe(token);
  });

  it('`npm run simulator -- --state FILE` restarts with the same credentials and transactions', async () => {
    const run = async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src-main/cli.ts', 'simulator', '--port', '0', '--state', statePath],
        { cwd: resolve(__dirname, '../../..'), env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' } },
      );
      const lines: string[] = [];
      await new Promise<void>((ready, failed) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          lines.push(line);
          if (line.startsWith('state:')) ready();
        });
        child.once('exit', (code) => failed(new Error(`the simulator exited (${code}): ${lines.join('\n')}`)));
      });
      const field = (name: string) => lines.find((line) => line.startsWith(name))!;
      const url = /listening on (\S+)/.exec(field('listening on'))![1]!;
      const headers = {
        'Content-Type': 'application/json',
        Authorization: /Authorization: (Bearer \S+)/.exec(field('terminal:'))![1]!,
        [/client id:\s+([^:]+):/.exec(field('client id:'))![1]!]: /client id:\s+[^:]+: (\S+)/.exec(
          field('client id:'),
        )![1]!,
      };
      const stop = () =>
        new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      return { url, headers, state: field('state:'), stop };
    };
    const first = await run();
    const created = await fetch(`${first.url}/api/v2/payments`, {
      method: 'POST',
      headers: first.headers,
      body: JSON.stringify(validOrderA()),
    }).then((answer) => answer.json() as Promise<{ transactionID: string }>);
    expect(first.state).toContain('(0 transactions)');
    await first.stop();

    const second = await run();
    try {
      expect(second.headers).toEqual(first.headers);
      expect(second.state).toContain(`${statePath} (1 transactions)`);
      const status = await fetch(`${second.url}/api/v2/payments/${created.transactionID}/status`, {
        headers: second.headers,
      });
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ transactionID: created.transactionID, paymentStatus: 'Pending' });
    } finally {
      await second.stop();
    }
  });

  it('stays in memory without --state', async () => {
    const h = await Harness.start();
    open.push(h);
    await h.order('A');
    expect(h.sim.statePath).toBeNull();
    expect(existsSync(statePath)).toBe(false);
  });
});
