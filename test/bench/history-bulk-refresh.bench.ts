/**
 * Bulk status refresh of 1,000 transactions: the History pool (`runBulkRefresh` + `statusRefresher`,
 * recording into the history database) through the real gateway SDK to the simulator, against the same
 * refresh done one at a time, in the same run.
 *
 * A loopback simulator answers in about a millisecond, so concurrency would have nothing to overlap; a
 * small proxy adds a fixed delay per request (LATENCY_MS: 50 ms, a modest internet round trip to a real gateway; the pool and the
 * sequential run share the same process for the simulator, the SDK and fake-indexeddb, so CPU per item
 * caps the speed-up: with 30 ms it measured 4.8×).
 * A second run puts a rate limit on the simulator: every 429 must pause the pool and be retried, so all
 * 1,000 still end refreshed (none failed, none skipped).
 */
// Dexie reads the IndexedDB globals when it loads: fake-indexeddb must come first.
import 'fake-indexeddb/auto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Exchange } from '@shared/exchange';
import { GatewayClient, RequestSender, type GatewayConnection } from '../../src-main/gateway';
import { startSimulator, type RunningSimulator } from '../../src-main/simulator';
import { HistoryDb } from '../../src-renderer/src/db/history-db';
import type { TransactionRecord } from '../../src-renderer/src/db/records';
import { runBulkRefresh, type RefreshItem, type RefreshSummary } from '../../src-renderer/src/services/bulk-refresh';
import { statusRefresher } from '../../src-renderer/src/services/status-query';
import { figure, type Benchmark } from './figures';

const LATENCY_MS = 50;
const COUNT = 1000;
const CONCURRENCY = 8;
const RATE_LIMIT = 50;

/** Forwards to the simulator after LATENCY_MS, counting 429 answers. */
function latencyProxy(target: string): Promise<{ server: Server; url: string; tooMany: () => number }> {
  const { hostname, port } = new URL(target);
  let tooMany = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const upstream = httpRequest(
          { hostname, port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            if (answer.statusCode === 429) tooMany++;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      }, LATENCY_MS);
    });
  });
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () =>
      ready({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tooMany: () => tooMany }),
    ),
  );
}

async function createOrders(sim: RunningSimulator, count: number): Promise<string[]> {
  const terminal = sim.terminals[0]!;
  const headers = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${terminal.token}`,
    [sim.clientIdHeader]: sim.clientId,
  };
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    for (;;) {
      const response = await fetch(`${sim.apiUrl}/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          merchant: { terminalId: Number(terminal.terminalId), channel: 'web', merchantTransactionId: `bulk-${i}` },
          transaction: {
            transactionTimestamp: new Date().toISOString(),
            description: 'bench',
            moto: false,
            paymentType: 'PURS',
            paymentMethod: ['REFERENCE'],
            amount: { value: 10, currency: 'EUR' },
          },
        }),
      });
      const body = (await response.json()) as { transactionID?: string };
      // The rate-limited simulator refuses creates too: wait as asked, then try again.
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
        continue;
      }
      if (!body.transactionID) throw new Error(`create ${i} failed: HTTP ${response.status}`);
      ids.push(body.transactionID);
      break;
    }
  }
  return ids;
}

const row = (transactionId: string, i: number): TransactionRecord => ({
  key: transactionId,
  transactionId,
  merchantTransactionId: `bulk-${i}`,
  profileId: 'bench',
  profileName: 'Bench',
  environment: 'sandbox',
  variant: 'A',
  amount: 10,
  currency: 'EUR',
  methods: ['REFERENCE'],
  paymentStatus: null,
  statusKey: 'NotSeen',
  returnStatus: null,
  expiry: null,
  createdAt: 1,
  updatedAt: 1,
  reference: null,
  referenceEntity: null,
  maskedPhone: null,
  source: 'created',
});

let run = 0;
async function refreshAll(
  connection: GatewayConnection,
  ids: string[],
  concurrency: number,
): Promise<{ ms: number; summary: RefreshSummary }> {
  const db = new HistoryDb(`bulk-bench-${++run}`);
  await db.transactions.bulkPut(ids.map(row));
  // No SDK-level retries: the pool itself must meet and honour every 429.
  const sender = new RequestSender({ retry: { maxRetries: 0 } });
  const client = new GatewayClient(sender);
  const api = {
    'payments.status': async ({ transactionId }: { transactionId: string }) => ({
      ok: true as const,
      value: { exchange: (await client.getStatus(connection, transactionId)).exchange as Exchange, response: null },
    }),
  };
  const items: RefreshItem[] = ids.map((id) => ({ key: id, transactionId: id, profileId: 'bench' }));
  const started = performance.now();
  const summary = await runBulkRefresh(items, {
    concurrency,
    refresh: statusRefresher(api as never, db, () => undefined),
  });
  const ms = performance.now() - started;
  await sender.close();
  db.close();
  await HistoryDb.delete(db.name);
  return { ms, summary };
}

export const historyBulkRefresh: Benchmark = {
  name: 'history-bulk-refresh',
  async run({ log }) {
    const figures = [];
    for (const rateLimit of [0, RATE_LIMIT]) {
      const sim = await startSimulator({ seed: 7, rateLimit });
      const proxy = await latencyProxy(sim.url);
      try {
        const ids = await createOrders(sim, COUNT);
        const terminal = sim.terminals[0]!;
        const connection: GatewayConnection = {
          profileId: 'bench',
          baseUrl: proxy.url,
          pathPrefix: sim.basePath,
          version: sim.version,
          variant: terminal.variant,
          terminalId: terminal.terminalId,
          clientIdHeader: sim.clientIdHeader,
          bearerToken: terminal.token,
          clientId: sim.clientId,
        };
        // Let the limiter's bucket refill after the creates.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if (rateLimit === 0) {
          const pool = await refreshAll(connection, ids, CONCURRENCY);
          const sequential = await refreshAll(connection, ids, 1);
          log(
            `history-bulk-refresh: ${COUNT} transactions, +${LATENCY_MS} ms per request: pool of ${CONCURRENCY} ${Math.round(pool.ms)} ms, sequential ${Math.round(sequential.ms)} ms (${(sequential.ms / pool.ms).toFixed(1)}× faster)`,
          );
          const complete = (s: RefreshSummary) => s.changed === COUNT && s.failed === 0;
          figures.push(
            figure({
              figure: `bulk refresh of ${COUNT} (pool of ${CONCURRENCY} vs sequential, +${LATENCY_MS} ms latency)`,
              unit: 'ms',
              samples: [pool.ms],
              baselineSamples: [sequential.ms],
              target: '≥ 6× faster than sequential, all refreshed',
              pass: (_v, ratio) =>
                ratio !== null && ratio <= 1 / 6 && complete(pool.summary) && complete(sequential.summary),
            }),
          );
        } else {
          const limited = await refreshAll(connection, ids, CONCURRENCY);
          const s = limited.summary;
          log(
            `history-bulk-refresh: rate limit ${rateLimit}/s: ${proxy.tooMany()} answers were 429, ${s.rateLimitPauses} pool pauses, ${s.changed} changed, ${s.failed} failed, ${Math.round(limited.ms)} ms`,
          );
          figures.push(
            figure({
              figure: `bulk refresh of ${COUNT} under a ${rateLimit}/s rate limit (429s retried after Retry-After)`,
              unit: 'ms',
              samples: [limited.ms],
              target: 'every 429 paused and retried: all refreshed, none failed',
              pass: () => proxy.tooMany() > 0 && s.rateLimitPauses > 0 && s.changed === COUNT && s.failed === 0,
            }),
          );
        }
      } finally {
        await new Promise((done) => proxy.server.close(done));
        await sim.close();
      }
    }
    return figures;
  },
};
