/**
 * Our simulator against Prism (the OpenAPI mock server a merchant would otherwise pick), both serving the
 * interface of our generated OpenAPI document, with the same requests, in the same run, interleaved.
 * Prism only answers examples (no state, no auth beyond header presence); our simulator checks the
 * credentials, validates the order and stores it. Prism is measured three ways (see startPrism): as
 * shipped on npm (`npx prism mock`, its defaults — how the issue measured it when it set the targets of
 * ≥ 10× on status and ≥ 5× on create), as its Docker image runs it (NODE_ENV=production: the server forked
 * from the logging process) and quiet (request logging off, Prism at its fastest). Against the last two
 * our simulator must still be faster. All run as their own process (ours as the one-file build),
 * autocannon in this one.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument, ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { figure, type Benchmark } from './figures';
import { benchHeaders, startOurSimulator, startPrism, type PrismMode } from './peer-processes';

const STATUS_RATIO = 10;
const CREATE_RATIO = 5;
/** Against Prism forked from its logger, or with its logging off: still faster, by any margin. */
const FASTER_RATIO = 1;
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

type Kind = 'status' | 'create';
const PRISM_MODES: readonly PrismMode[] = ['as-shipped', 'docker', 'quiet'];
const SIDES = ['simulator', 'Prism as shipped (npx)', 'Prism as its Docker image runs', 'Prism quiet'] as const;

export const simulatorPeers: Benchmark = {
  name: 'simulator vs Prism',
  async run({ full, log }) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-peers-'));
    const ours = await startOurSimulator();
    const documentPath = join(folder, 'gateway.openapi.json');
    writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument({ serverUrl: 'http://127.0.0.1' })));
    const prisms: Array<Awaited<ReturnType<typeof startPrism>>> = [];
    try {
      for (const mode of PRISM_MODES) prisms.push(await startPrism(documentPath, await freePort(), mode));
      const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);
      const created = (await (
        await fetch(`${ours.url}/api/v2/payments`, { method: 'POST', headers: benchHeaders(), body: orderBody })
      ).json()) as { transactionID: string };
      const targets = (origin: string, id: string): Record<Kind, Target> => ({
        status: { method: 'GET', url: `${origin}/api/v2/payments/${id}/status` },
        create: { method: 'POST', url: `${origin}/api/v2/payments`, body: orderBody },
      });
      const sides = [ours, ...prisms].map((server) => targets(server.url, created.transactionID));
      for (const [index, side] of sides.entries())
        for (const kind of ['status', 'create'] as const) await check(side[kind], `${SIDES[index]} ${kind}`);

      const seconds = full ? 8 : 3;
      const rounds = full ? 5 : 3;
      const samples: Record<Kind, number[][]> = { status: sides.map(() => []), create: sides.map(() => []) };
      // Warm-up (JIT) for all: on a busy 2-core machine one second left our create path half-optimised
      // (its first round ran at a third of the later ones).
      for (const kind of ['status', 'create'] as const) for (const side of sides) await measure(side[kind], 3);
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
      const row = (kind: Kind, prism: 1 | 2 | 3, passes: (ratio: number) => boolean, target: string) =>
        figure({
          figure: `${kind === 'status' ? 'GET …/status' : 'POST …/payments (create)'}: simulator vs ${SIDES[prism]}`,
          unit: 'req/s',
          samples: samples[kind][0]!,
          baselineSamples: samples[kind][prism]!,
          paired: true,
          target,
          pass: (_value, ratio) => passes(ratio ?? 0),
        });
      return [
        row('status', 1, (ratio) => ratio >= STATUS_RATIO, `≥ ${STATUS_RATIO}× Prism`),
        row('create', 1, (ratio) => ratio >= CREATE_RATIO, `≥ ${CREATE_RATIO}× Prism`),
        ...([2, 3] as const).flatMap((prism) =>
          (['status', 'create'] as const).map((kind) =>
            row(kind, prism, (ratio) => ratio > FASTER_RATIO, `> ${FASTER_RATIO}× (faster)`),
          ),
        ),
      ];
    } finally {
      for (const prism of prisms) await prism.close();
      await ours.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
