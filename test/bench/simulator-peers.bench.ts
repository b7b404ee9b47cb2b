/**
 * Our simulator against Prism (the OpenAPI mock server a merchant would otherwise pick), both serving the
 * interface of our generated OpenAPI document, with the same requests, in the same run, interleaved.
 * Prism only answers examples (no state, no auth beyond header presence); our simulator checks the
 * credentials, validates the order and stores it — and must still be ≥ 10× (status) / ≥ 5× (create).
 * Both run as their own process (ours as the one-file build), autocannon in this one.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument, ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { figure, type Benchmark } from './figures';
import { benchHeaders, startOurSimulator, startPrism } from './peer-processes';

const STATUS_RATIO = 10;
const CREATE_RATIO = 5;
const CONNECTIONS = 10;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Target {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}

async function measure(target: Target, seconds: number): Promise<number> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: benchHeaders(),
    ...(target.body ? { body: target.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${target.method} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** One call first: a server answering anything but 200 would make its throughput meaningless. */
async function check(target: Target, what: string): Promise<void> {
  const answer = await fetch(target.url, { method: target.method, headers: benchHeaders(), body: target.body });
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
}

export const simulatorPeers: Benchmark = {
  name: 'simulator vs Prism',
  async run({ full, log }) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-peers-'));
    const ours = await startOurSimulator();
    const documentPath = join(folder, 'gateway.openapi.json');
    writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument({ serverUrl: 'http://127.0.0.1' })));
    let prism: Awaited<ReturnType<typeof startPrism>> | null = null;
    try {
      prism = await startPrism(documentPath, await freePort());
      const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);
      const created = (await (
        await fetch(`${ours.url}/api/v2/payments`, { method: 'POST', headers: benchHeaders(), body: orderBody })
      ).json()) as { transactionID: string };
      const targets = (origin: string, id: string) => ({
        status: { method: 'GET' as const, url: `${origin}/api/v2/payments/${id}/status` },
        create: { method: 'POST' as const, url: `${origin}/api/v2/payments`, body: orderBody },
      });
      const mine = targets(ours.url, created.transactionID);
      const theirs = targets(prism.url, created.transactionID);
      for (const [what, target] of [
        ['simulator status', mine.status],
        ['simulator create', mine.create],
        ['Prism status', theirs.status],
        ['Prism create', theirs.create],
      ] as const)
        await check(target, what);

      const seconds = full ? 8 : 3;
      const rounds = full ? 5 : 3;
      const samples = { status: [[], []] as number[][], create: [[], []] as number[][] };
      // Warm-up (JIT) for both: on a busy 2-core machine one second left our create path half-optimised
      // (its first round ran at a third of the later ones).
      for (const kind of ['status', 'create'] as const) {
        await measure(mine[kind], 3);
        await measure(theirs[kind], 3);
      }
      for (let round = 1; round <= rounds; round++) {
        for (const kind of ['status', 'create'] as const) {
          // Alternate which goes first so neither always runs on a warmer (or busier) machine.
          const order = round % 2 ? [0, 1] : [1, 0];
          for (const side of order) samples[kind][side]!.push(await measure(side ? theirs[kind] : mine[kind], seconds));
          log(
            `  round ${round}/${rounds} ${kind}: simulator ${samples[kind][0]!.at(-1)!.toFixed(0)} req/s, Prism ${samples[kind][1]!.at(-1)!.toFixed(0)} req/s`,
          );
        }
      }
      return [
        figure({
          figure: 'GET …/status: simulator vs Prism',
          unit: 'req/s',
          samples: samples.status[0]!,
          baselineSamples: samples.status[1]!,
          paired: true,
          target: `≥ ${STATUS_RATIO}× Prism`,
          pass: (_value, ratio) => (ratio ?? 0) >= STATUS_RATIO,
        }),
        figure({
          figure: 'POST …/payments (create): simulator vs Prism',
          unit: 'req/s',
          samples: samples.create[0]!,
          baselineSamples: samples.create[1]!,
          paired: true,
          target: `≥ ${CREATE_RATIO}× Prism`,
          pass: (_value, ratio) => (ratio ?? 0) >= CREATE_RATIO,
        }),
      ];
    } finally {
      await prism?.close();
      await ours.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
