/**
 * The simulator against the physical limit of a Node server: a bare `node:http` server doing the same
 * JSON work (status: serialise an answer of the same shape; create: read and parse the order, serialise
 * an answer of the same shape) and nothing else — no credentials, validation, state or signature. Each
 * runs in its own process (ours as the one-file build, as a merchant's CI runs it), and autocannon in a
 * third, so no side shares an event loop with the load generator. Rounds alternate which goes first.
 * Throughput and p99 latency come from the same autocannon run at 50 connections.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { figure, type Benchmark } from './figures';
import { benchHeaders, loadInOwnProcess, startOurSimulator, type LoadRun, type LoadTarget } from './peer-processes';
import { ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';

const CONNECTIONS = 50;
const STATUS_RATIO = 0.8;
const CREATE_RATIO = 0.5;
/** Published p99s of the mock servers merchants use: MockServer 4 ms, WireMock 3–7 ms. */
const STATUS_P99_MS = 5;
const CREATE_P99_MS = 10;

/**
 * The bare server's whole program. It is sent one status answer and one create answer captured from
 * the simulator, and answers with objects of that shape, serialised per request (the create answer
 * with a fresh transactionID) — the JSON work the simulator cannot avoid, without the rest.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
process.once('message', ({ status, create }) => {
  let next = 0;
  const send = (res, body) => {
    const text = JSON.stringify(body);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      req.resume();
      return send(res, { ...status, returnStatus: { ...status.returnStatus } });
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const order = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      send(res, { ...create, transactionID: 's2bare' + String(next++).padStart(14, '0'), amount: order.transaction.amount });
    });
  });
  server.keepAliveTimeout = 60000;
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
});
`;

async function startBareServer(answers: { status: unknown; create: unknown }) {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(answers);
  const [port] = (await once(child, 'message')) as [number];
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill();
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}

type Kind = 'status' | 'create';
const KINDS: readonly Kind[] = ['status', 'create'];

export const simulatorThroughput: Benchmark = {
  name: 'simulator vs bare node:http',
  async run({ full, log }) {
    const ours = await startOurSimulator();
    const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);
    const post = await fetch(`${ours.url}/api/v2/payments`, {
      method: 'POST',
      headers: benchHeaders(),
      body: orderBody,
    });
    const create = (await post.json()) as { transactionID: string };
    if (post.status !== 200) throw new Error(`the simulator refused the benchmark order: ${JSON.stringify(create)}`);
    const statusUrl = `${ours.url}/api/v2/payments/${create.transactionID}/status`;
    const status = (await (await fetch(statusUrl, { headers: benchHeaders() })).json()) as unknown;
    const bare = await startBareServer({ status, create });
    // SIMULATOR_BARE_QUICK=1: one short round, to check the benchmark runs (the figures then mean little).
    const quick = process.env.SIMULATOR_BARE_QUICK === '1';
    const seconds = quick ? 1 : full ? 8 : 3;
    const rounds = quick ? 1 : full ? 5 : 3;
    const targets: Record<'simulator' | 'bare', Record<Kind, LoadTarget>> = {
      simulator: {
        status: { method: 'GET', url: statusUrl },
        create: { method: 'POST', url: `${ours.url}/api/v2/payments`, body: orderBody },
      },
      bare: {
        status: { method: 'GET', url: `${bare.url}/status` },
        create: { method: 'POST', url: `${bare.url}/payments`, body: orderBody },
      },
    };
    const runs: Record<Kind, { simulator: LoadRun[]; bare: LoadRun[] }> = {
      status: { simulator: [], bare: [] },
      create: { simulator: [], bare: [] },
    };
    try {
      // Warm-up (JIT) for both sides and both calls.
      for (const kind of KINDS)
        for (const side of ['simulator', 'bare'] as const)
          await loadInOwnProcess(targets[side][kind], CONNECTIONS, quick ? 1 : 3);
      for (let round = 1; round <= rounds; round++) {
        for (const kind of KINDS) {
          const order = round % 2 ? (['bare', 'simulator'] as const) : (['simulator', 'bare'] as const);
          for (const side of order)
            runs[kind][side].push(await loadInOwnProcess(targets[side][kind], CONNECTIONS, seconds));
          const last = (side: 'simulator' | 'bare') => runs[kind][side].at(-1)!;
          log(
            `  round ${round}/${rounds} ${kind}: simulator ${last('simulator').rps.toFixed(0)} req/s (p99 ${last('simulator').p99} ms), ` +
              `bare node:http ${last('bare').rps.toFixed(0)} req/s (p99 ${last('bare').p99} ms)`,
          );
        }
      }
    } finally {
      await bare.close();
      await ours.close();
    }
    const name = (kind: Kind) => (kind === 'status' ? 'GET …/status' : 'POST …/payments (create)');
    const throughput = (kind: Kind, ratio: number) =>
      figure({
        figure: `${name(kind)} throughput, ${CONNECTIONS} connections: simulator vs bare node:http (own processes)`,
        unit: 'req/s',
        samples: runs[kind].simulator.map((run) => run.rps),
        baselineSamples: runs[kind].bare.map((run) => run.rps),
        paired: true,
        target: `≥ ${ratio}× bare node:http`,
        pass: (_value, measured) => (measured ?? 0) >= ratio,
      });
    const latency = (kind: Kind, limit: number) =>
      figure({
        figure: `${name(kind)} p99 latency, ${CONNECTIONS} connections: simulator (vs bare node:http)`,
        unit: 'ms',
        samples: runs[kind].simulator.map((run) => run.p99),
        // Ratio of medians, not per round: autocannon's p99 is whole milliseconds, and may be 0.
        baselineSamples: runs[kind].bare.map((run) => run.p99),
        target: `p99 ≤ ${limit} ms`,
        pass: (value) => value <= limit,
      });
    return [
      throughput('status', STATUS_RATIO),
      throughput('create', CREATE_RATIO),
      latency('status', STATUS_P99_MS),
      latency('create', CREATE_P99_MS),
    ];
  },
};
