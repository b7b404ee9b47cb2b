/**
 * Our simulator against Prism (the OpenAPI mock server a merchant would otherwise pick), both serving the
 * interface of our generated OpenAPI document, with the same requests, in the same run, interleaved.
 * Prism only answers examples (no state, no auth beyond header presence); our simulator checks the
 * credentials, validates the order and stores it. Prism runs with its request logging off (see
 * startPrism), its fastest form. Each server runs as its own process (ours as the one-file build), and
 * autocannon in a third.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument, ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { freePort } from '../support/free-port';
import { figure, type Benchmark } from './figures';
import { benchHeaders, loadInOwnProcess, startOurSimulator, startPrism, type LoadTarget } from './peer-processes';

const STATUS_RATIO = 10;
const CREATE_RATIO = 5;
const CONNECTIONS = 10;

const measure = async (target: LoadTarget, seconds: number) =>
  (await loadInOwnProcess(target, CONNECTIONS, seconds)).rps;

/** One call first: a server answering anything but 200 would make its throughput meaningless. */
async function check(target: LoadTarget, what: string): Promise<void> {
  const answer = await fetch(target.url, { method: target.method, headers: benchHeaders(), body: target.body });
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
}

type Kind = 'status' | 'create';
const SIDES = ['simulator', 'Prism quiet'] as const;

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
      const targets = (origin: string, id: string): Record<Kind, LoadTarget> => ({
        status: { method: 'GET', url: `${origin}/api/v2/payments/${id}/status` },
        create: { method: 'POST', url: `${origin}/api/v2/payments`, body: orderBody },
      });
      const sides = [ours, prism].map((server) => targets(server.url, created.transactionID));
      for (const [index, side] of sides.entries())
        for (const kind of ['status', 'create'] as const) await check(side[kind], `${SIDES[index]} ${kind}`);

      // SIMULATOR_PEERS_QUICK=1: one short round, to check the benchmark runs (the figures then mean little).
      const quick = process.env.SIMULATOR_PEERS_QUICK === '1';
      const seconds = quick ? 1 : full ? 8 : 3;
      const rounds = quick ? 1 : full ? 5 : 3;
      const samples: Record<Kind, number[][]> = { status: sides.map(() => []), create: sides.map(() => []) };
      // Warm-up (JIT) for all, long enough for our create path to be optimised before it is measured.
      for (const kind of ['status', 'create'] as const)
        for (const side of sides) await measure(side[kind], quick ? 1 : 3);
      for (let round = 1; round <= rounds; round++) {
        for (const kind of ['status', 'create'] as const) {
          // Rotate which goes first so none always runs on a warmer (or busier) machine.
          const order = sides.map((_side, offset) => (offset + round) % sides.length);
          for (const side of order) samples[kind][side]!.push(await measure(sides[side]![kind], seconds));
          log(
            `  round ${round}/${rounds} ${kind}: ` +
              SIDES.map((name, side) => `${name} ${samples[kind][side]!.at(-1)!.toFixed(0)}`).join(', ') +
              ' req/s',
          );
        }
      }
      const row = (kind: Kind, ratio: number) =>
        figure({
          figure: `${kind === 'status' ? 'GET …/status' : 'POST …/payments (create)'}: simulator vs Prism quiet`,
          unit: 'req/s',
          samples: samples[kind][0]!,
          baselineSamples: samples[kind][1]!,
          paired: true,
          target: `≥ ${ratio}× Prism quiet`,
          pass: (_value, measured) => (measured ?? 0) >= ratio,
        });
      return [row('status', STATUS_RATIO), row('create', CREATE_RATIO)];
    } finally {
      await prism?.close();
      await ours.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
