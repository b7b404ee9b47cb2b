/**
 * Acceptance (issue 13): kill -9 the browser-mode host 20 times while Sandbox orders are created and
 * completed. Every restart must load, and nothing the host acknowledged may be lost: no transaction
 * whose create was answered, no completion that was answered, no notification the console's receiver
 * acknowledged. Real processes, real files, no keychain; bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi } from '../../support/http';
import { orderA } from '../gateway/fixtures';

const ROOT = resolve(__dirname, '../../..');
const RESTARTS = 20;
const userDataDir = mkdtempSync(join(tmpdir(), 'gc-crash-'));
let host: ChildProcess | null = null;

afterAll(() => {
  if (host?.pid && host.exitCode === null) host.kill('SIGKILL');
  rmSync(userDataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  port: number;
  token: string;
}

/** Starts `gateway-console serve` on the folder, without any keychain, and waits for its URL. */
function startHost(): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions', 'development', 'src-main/cli.ts', 'serve', '--user-data-dir', userDataDir],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.node.json',
        // No Secret Service: the host falls back to session memory, as on a headless machine.
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        GATEWAY_CONSOLE_QUIET: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  host = child;
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`the host printed no URL within 30 s:\n${errors}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      found({ child, port: Number(match[1]), token: match[2]! });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`the host exited (${code}) before it was ready:\n${errors}`));
    });
  });
}

/** A ConsoleApi call; resolves to the value, or null when the call did not complete (the host died). */
async function call<T>(running: Running, method: string, input?: unknown): Promise<T | null> {
  try {
    const answer = await callApi(running.port, running.token, method, input);
    const body = answer.json() as { ok: boolean; value?: T; error?: { message: string } };
    if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
    return body.value as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as Error).message.includes('socket'))
      return null;
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return null;
    throw error;
  }
}

const kill9 = (running: Running): Promise<void> =>
  new Promise((done) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return done();
    running.child.once('exit', () => done());
    running.child.kill('SIGKILL');
  });

interface Created {
  exchange: { transactionID: string | null };
}
interface SimTransaction {
  transactionID: string;
  paymentStatus: string;
}
interface SimDelivery {
  notificationID: string;
  state: string;
}

describe('kill -9 while the Sandbox works', () => {
  it(
    `every one of ${RESTARTS} restarts loads and loses nothing that was acknowledged`,
    { timeout: 240_000 },
    async () => {
      /** transactionID → the status the host last acknowledged for it. */
      const acknowledged = new Map<string, string>();
      /** notificationIDs the simulator saw acknowledged by the console's receiver. */
      const acknowledgedNotifications = new Set<string>();
      const deadline = Date.now() + 200_000;

      for (let round = 1; round <= RESTARTS; round++) {
        expect(Date.now(), 'the test stays within its time bound').toBeLessThan(deadline);
        const running = await startHost();

        // 1. Everything acknowledged before the kill is there.
        const listed = (await call<SimTransaction[]>(running, 'simulator.transactions', { limit: 1000 }))!;
        const statusOf = new Map(listed.map((transaction) => [transaction.transactionID, transaction.paymentStatus]));
        for (const [id, status] of acknowledged) {
          const now = statusOf.get(id);
          expect(now, `round ${round}: transaction ${id} survived`).toBeDefined();
          // A Pending one may have moved on since (a completion in flight at the kill); a final one never.
          if (status !== 'Pending') expect(now, `round ${round}: ${id} is still ${status}`).toBe(status);
          acknowledged.set(id, now!);
        }
        const journal = JSON.stringify(
          await call(running, 'notifications.list', { after: 0, limit: 500 }).then(async (first) => {
            const pages = [first];
            // More than one page after many rounds: follow the cursor.
            let page = first as { nextCursor: number; hasMore: boolean } | null;
            while (page?.hasMore) {
              page = await call(running, 'notifications.list', { after: page.nextCursor, limit: 500 });
              pages.push(page);
            }
            return pages;
          }),
        );
        for (const id of acknowledgedNotifications)
          expect(journal.includes(id), `round ${round}: acknowledged notification ${id} is journaled`).toBe(true);
        // The Sandbox still answers status for an earlier order, through the profile and its stored credentials.
        const [someId] = acknowledged.keys();
        if (someId) {
          const status = await call<{ exchange: { classification: string } }>(running, 'payments.status', {
            profileId: 'sandbox-a',
            transactionId: someId,
          });
          expect(status?.exchange.classification).toBe('ok');
        }

        // 2. Work: create orders and complete some, remembering only what was answered.
        for (let index = 0; index < 3; index++) {
          const created = await call<Created>(running, 'orders.create', { profileId: 'sandbox-a', order: orderA() });
          const id = created?.exchange.transactionID;
          if (id) acknowledged.set(id, 'Pending');
        }
        const pending = [...acknowledged].filter(([, status]) => status === 'Pending').map(([id]) => id);
        for (const id of pending.slice(0, 2)) {
          const done = await call<SimTransaction>(running, 'simulator.complete', {
            transactionId: id,
            paymentStatus: 'Success',
          });
          if (done) acknowledged.set(id, done.paymentStatus);
        }
        const deliveries = (await call<SimDelivery[]>(running, 'simulator.deliveries', {})) ?? [];
        for (const delivery of deliveries)
          if (delivery.state === 'delivered') acknowledgedNotifications.add(delivery.notificationID);

        // 3. Kill it in the middle of more work: creates and completions in flight, answered or not.
        const inFlight = [
          ...Array.from({ length: 4 }, () =>
            call<Created>(running, 'orders.create', { profileId: 'sandbox-a', order: orderA() }).then((created) => {
              const id = created?.exchange.transactionID;
              if (id) acknowledged.set(id, 'Pending');
            }),
          ),
          ...pending.slice(2, 4).map((id) =>
            call<SimTransaction>(running, 'simulator.complete', { transactionId: id, paymentStatus: 'Declined' }).then(
              (done) => {
                if (done) acknowledged.set(id, done.paymentStatus);
              },
            ),
          ),
        ];
        await new Promise((wait) => setTimeout(wait, (round * 7) % 40));
        await kill9(running);
        await Promise.allSettled(inFlight);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(RESTARTS * 3);
      expect(acknowledgedNotifications.size).toBeGreaterThan(0);
    },
  );
});
