/**
 * Worlds at scale (issue 26 §3): a merchant's CI splits its 100,000 test transactions over 100 shards, each
 * in its own world of one simulator. Status throughput over those 100 worlds of 1,000 transactions must stay
 * ≥ 0.9× that of one world holding the same 100,000 (interleaved rounds, the same mix of random status
 * queries); and creating a world (POST /__simulator/worlds, `--state` on, so its file is made too) takes
 * ≤ 5 ms at the median (p50 of the round trip), next to a plain control read as a reference.
 * Both simulators are the one-file build, as CI runs it. `BENCH_WORLD_SIZE=N` shrinks each world to N
 * transactions for a quick trial (the figure's target applies to the default 1,000).
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { figure, type Benchmark } from './figures';
import { benchHeaders, startOurSimulator, type PeerProcess } from './peer-processes';

const WORLDS = 100;
const PER_WORLD = Number(process.env.BENCH_WORLD_SIZE ?? 1_000);
const TARGET_RATIO = 0.9;
const TARGET_CREATE_MS = 5;
const CONNECTIONS = 10;
/** Distinct status paths each connection cycles through: random transactions across the whole store. */
const STATUS_MIX = 5_000;

const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);

/**
 * Creates about `perPath` orders under each of `apiPaths` in one autocannon run (each connection sends
 * to the paths in turn) and returns the paths of their status queries, per api path.
 */
async function fill(sim: PeerProcess, apiPaths: string[], perPath: number): Promise<string[][]> {
  const paths = apiPaths.map((): string[] => []);
  const result = await autocannon({
    url: sim.url,
    method: 'POST',
    headers: benchHeaders(),
    body: orderBody,
    connections: CONNECTIONS,
    amount: perPath * apiPaths.length,
    requests: apiPaths.map((apiPath, index) => ({
      path: `${apiPath}/payments`,
      onResponse: (status: number, body: string) => {
        if (status === 200)
          paths[index]!.push(
            `${apiPath}/payments/${(JSON.parse(body) as { transactionID: string }).transactionID}/status`,
          );
      },
    })),
  });
  if (result.non2xx || result.errors) throw new Error(`fill: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return paths;
}

/** A fixed pseudo-random sample (the same shape for both sides: `count` of `paths`, spread over all). */
function sample(paths: string[], count: number): string[] {
  let state = 0x2545f491;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return paths[state % paths.length]!;
  });
}

async function statusThroughput(sim: PeerProcess, paths: string[], seconds: number): Promise<number> {
  const result = await autocannon({
    url: sim.url,
    headers: benchHeaders(),
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (result.non2xx || result.errors) throw new Error(`status: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function roundTripMs(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return performance.now() - started;
}

export const simulatorWorlds: Benchmark = {
  name: 'simulator worlds',
  async run({ full, log }) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-worlds-'));
    const total = WORLDS * PER_WORLD;
    // Both persist their state, as a CI simulator with --state does: one journal per world on one side,
    // one journal on the other.
    const many = await startOurSimulator(['--state', join(folder, 'worlds.jsonl')]);
    const single = await startOurSimulator(['--state', join(folder, 'single.jsonl')]);
    try {
      const filled = performance.now();
      const singlePaths = (await fill(single, ['/api/v2'], total)).flat();
      log(
        `  one world: ${singlePaths.length.toLocaleString('en-US')} transactions in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
      );
      const worldsFilled = performance.now();
      // Made on first use (the CLI's default), as a CI shard does: its name in the base URL.
      const shards = Array.from({ length: WORLDS }, (_, world) => `/worlds/shard-${world}/api/v2`);
      const perWorld = await fill(many, shards, PER_WORLD);
      const worldPaths = perWorld.flat();
      const sizes = perWorld.map((paths) => paths.length);
      log(
        `  ${WORLDS} worlds: ${worldPaths.length.toLocaleString('en-US')} transactions (${Math.min(...sizes)} to ${Math.max(...sizes)} a world) in ${((performance.now() - worldsFilled) / 1000).toFixed(1)} s`,
      );
      if (singlePaths.length < total || worldPaths.length < total)
        throw new Error(`stored ${singlePaths.length} and ${worldPaths.length} of ${total} transactions`);

      const singleMix = sample(singlePaths, STATUS_MIX);
      const worldsMix = sample(worldPaths, STATUS_MIX);
      const seconds = full ? 5 : 2;
      const rounds = full ? 7 : 5;
      await statusThroughput(single, singleMix, 1); // warm-up (JIT)
      await statusThroughput(many, worldsMix, 1);
      const singleSamples: number[] = [];
      const worldSamples: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        // Alternate which goes first so neither always runs on a warmer (or busier) machine.
        if (round % 2) {
          singleSamples.push(await statusThroughput(single, singleMix, seconds));
          worldSamples.push(await statusThroughput(many, worldsMix, seconds));
        } else {
          worldSamples.push(await statusThroughput(many, worldsMix, seconds));
          singleSamples.push(await statusThroughput(single, singleMix, seconds));
        }
        log(
          `  round ${round}/${rounds}: one world ${singleSamples.at(-1)!.toFixed(0)} req/s, ${WORLDS} worlds ${worldSamples.at(-1)!.toFixed(0)} req/s`,
        );
      }

      // World creation, one at a time as a CI job or the console makes them, on a simulator already
      // holding the 100 worlds; a control read in between is the reference round trip.
      const createMs: number[] = [];
      const readMs: number[] = [];
      const creates = full ? 400 : 200;
      for (let index = 0; index < creates; index++) {
        createMs.push(
          await roundTripMs(() =>
            fetch(`${many.url}/__simulator/worlds`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ id: `made-${index}` }),
            }),
          ),
        );
        readMs.push(await roundTripMs(() => fetch(`${many.url}/__simulator/clock`)));
      }
      log(`  created ${creates} worlds: p50 ${[...createMs].sort((a, b) => a - b)[creates >> 1]!.toFixed(2)} ms`);

      return [
        figure({
          figure: `status throughput, ${WORLDS} worlds × ${PER_WORLD.toLocaleString('en-US')} vs 1 world × ${total.toLocaleString('en-US')}`,
          unit: 'req/s',
          samples: worldSamples,
          baselineSamples: singleSamples,
          paired: true,
          target: `≥ ${TARGET_RATIO}× one world`,
          pass: (_value, ratio) => (ratio ?? 0) >= TARGET_RATIO,
        }),
        figure({
          figure: 'create a world (POST /__simulator/worlds, --state on), p50 round trip',
          unit: 'ms',
          samples: createMs,
          baselineSamples: readMs,
          target: `p50 ≤ ${TARGET_CREATE_MS} ms`,
          pass: (value) => value <= TARGET_CREATE_MS,
        }),
      ];
    } finally {
      await single.close();
      await many.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
