/**
 * The simulator with 100,000 transactions stored, as a long CI run leaves it: the cost of a create must
 * not grow with the store (create throughput ≥ 0.8× a fresh simulator's, interleaved rounds), memory
 * stays bounded (RSS ≤ 300 MB) and its `--state` file loads in ≤ 2 s. Both sides run the one-file build
 * with a state file, so both pay the same journal writes.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { figure, type Benchmark } from './figures';
import { benchHeaders, startOurSimulator, type PeerProcess } from './peer-processes';

const STORED = 100_000;
const TARGET_RATIO = 0.8;
const TARGET_RSS_MB = 300;
const TARGET_LOAD_MS = 2000;
const CONNECTIONS = 10;
const MB = 1024 * 1024;

const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);

async function creates(sim: PeerProcess, options: { seconds?: number; amount?: number }): Promise<number> {
  const result = await autocannon({
    url: `${sim.url}/api/v2/payments`,
    method: 'POST',
    headers: benchHeaders(),
    body: orderBody,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 2 }),
  });
  if (result.non2xx || result.errors) throw new Error(`create: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const storedCount = async (sim: PeerProcess): Promise<number> =>
  ((await (await fetch(`${sim.url}/__simulator`)).json()) as { transactions: number }).transactions;

export const simulatorScale: Benchmark = {
  name: 'simulator at 100k transactions',
  async run({ full, log }) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-scale-'));
    const statePath = join(folder, 'big.state');
    let big: PeerProcess | null = await startOurSimulator(['--state', statePath]);
    try {
      const fillStarted = performance.now();
      await creates(big, { amount: STORED });
      const stored = await storedCount(big);
      log(
        `  filled ${stored.toLocaleString('en-US')} transactions in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
      );
      if (stored < STORED) throw new Error(`only ${stored} transactions were stored`);
      await new Promise((done) => setTimeout(done, 1000));
      const rssMb = big.rssBytes() / MB;
      log(`  RSS with ${stored.toLocaleString('en-US')} transactions: ${rssMb.toFixed(0)} MB`);

      const seconds = full ? 5 : 2;
      const rounds = full ? 5 : 3;
      const fresh: number[] = [];
      const loaded: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        const empty = await startOurSimulator(['--state', join(folder, `fresh-${round}.state`)]);
        try {
          await creates(empty, { seconds: 2 }); // warm-up (JIT) of the fresh process
          // Alternate which goes first so neither always runs on a warmer (or busier) machine.
          if (round % 2) {
            fresh.push(await creates(empty, { seconds }));
            loaded.push(await creates(big, { seconds }));
          } else {
            loaded.push(await creates(big, { seconds }));
            fresh.push(await creates(empty, { seconds }));
          }
        } finally {
          await empty.close();
        }
        log(
          `  round ${round}/${rounds}: none stored ${fresh.at(-1)!.toFixed(0)} req/s, ${STORED.toLocaleString('en-US')}+ stored ${loaded.at(-1)!.toFixed(0)} req/s`,
        );
      }

      const finalCount = await storedCount(big);
      await big.close();
      big = null;
      const stateMb = statSync(statePath).size / MB;
      const loadMs: number[] = [];
      const emptyMs: number[] = [];
      for (let round = 1; round <= (full ? 5 : 3); round++) {
        const empty = await startOurSimulator();
        emptyMs.push(empty.startMs);
        await empty.close();
        const reloaded = await startOurSimulator(['--state', statePath]);
        loadMs.push(reloaded.startMs);
        if (round === 1 && (await storedCount(reloaded)) !== finalCount)
          throw new Error('the reloaded state does not hold every transaction');
        await reloaded.close();
      }
      log(
        `  --state file: ${finalCount.toLocaleString('en-US')} transactions, ${stateMb.toFixed(0)} MB; start with it ${loadMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      );

      return [
        figure({
          figure: `create throughput, ${STORED.toLocaleString('en-US')} stored vs none`,
          unit: 'req/s',
          samples: loaded,
          baselineSamples: fresh,
          paired: true,
          target: `≥ ${TARGET_RATIO}× none stored`,
          pass: (_value, ratio) => (ratio ?? 0) >= TARGET_RATIO,
        }),
        figure({
          figure: `RSS after ${STORED.toLocaleString('en-US')} creates`,
          unit: 'MB',
          samples: [rssMb],
          target: `≤ ${TARGET_RSS_MB} MB`,
          pass: (value) => value <= TARGET_RSS_MB,
        }),
        figure({
          figure: `start with a ${STORED.toLocaleString('en-US')}+ --state file (vs empty)`,
          unit: 'ms',
          samples: loadMs,
          baselineSamples: emptyMs,
          paired: true,
          target: `≤ ${TARGET_LOAD_MS} ms`,
          pass: (value) => value <= TARGET_LOAD_MS,
        }),
      ];
    } finally {
      await big?.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
