/**
 * Shop traffic recording (issue 29): a world that records its shop's calls (masked, bounded) must answer
 * at 1,000 requests/s with a p99 at most 1 ms above the same simulator's world with recording off, in
 * the same run. Two worlds of one simulator (the one-file build, as CI runs it), loaded in turn by
 * autocannon in its own process at a fixed 1,000 req/s of status queries and creates (after an unmeasured
 * warm-up of both; rounds alternate which world goes first); autocannon's p99 has whole-millisecond
 * resolution.
 */
import { ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';
import { figure, type Benchmark } from './figures';
import { benchHeaders, loadInOwnProcess, startOurSimulator } from './peer-processes';

const RATE = 1_000;
const CONNECTIONS = 10;
const TARGET_ADDED_MS = 1;

const orderBody = JSON.stringify(ORDER_EXAMPLES.variantA.value);

export const shopRecording: Benchmark = {
  name: 'shop traffic recording',
  async run({ full, log }) {
    const sim = await startOurSimulator(['--no-auto-worlds']);
    try {
      const worlds = { on: 'shop-rec-on', off: 'shop-rec-off' } as const;
      const statusPath: Record<string, string> = {};
      for (const id of Object.values(worlds)) {
        const made = await fetch(`${sim.url}/__simulator/worlds`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id }),
        });
        if (made.status !== 201) throw new Error(`world ${id}: ${made.status}`);
        const created = await fetch(`${sim.url}/worlds/${id}/api/v2/payments`, {
          method: 'POST',
          headers: benchHeaders(),
          body: orderBody,
        });
        const { transactionID } = (await created.json()) as { transactionID: string };
        statusPath[id] = `${sim.url}/worlds/${id}/api/v2/payments/${transactionID}/status`;
      }
      // Each world is told, not left to the default: the standalone simulator records only when asked
      // (--record-traffic or this call), so a world left as it starts would not be recording at all.
      for (const [side, recording] of [
        ['on', true],
        ['off', false],
      ] as const)
        await fetch(`${sim.url}/worlds/${worlds[side]}/__simulator/traffic`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ recording }),
        });
      // Warm-up (JIT, first allocations) for both worlds and both calls, unmeasured: otherwise it lands on
      // whichever world round 1 loads first.
      for (const id of Object.values(worlds)) {
        await loadInOwnProcess({ method: 'GET', url: statusPath[id]! }, CONNECTIONS, 2, { overallRate: RATE });
        await loadInOwnProcess(
          { method: 'POST', url: `${sim.url}/worlds/${id}/api/v2/payments`, body: orderBody },
          CONNECTIONS,
          2,
          { overallRate: RATE },
        );
      }
      const rounds = full ? 5 : 3;
      const seconds = full ? 10 : 4;
      const on: number[] = [];
      const off: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        for (const side of order) {
          const id = worlds[side];
          const status = await loadInOwnProcess({ method: 'GET', url: statusPath[id]! }, CONNECTIONS, seconds, {
            overallRate: RATE,
          });
          const create = await loadInOwnProcess(
            { method: 'POST', url: `${sim.url}/worlds/${id}/api/v2/payments`, body: orderBody },
            CONNECTIONS,
            Math.max(2, Math.round(seconds / 2)),
            { overallRate: RATE },
          );
          const p99 = Math.max(status.p99, create.p99);
          (side === 'on' ? on : off).push(p99);
          log(`  round ${round + 1} recording ${side}: status p99 ${status.p99} ms, create p99 ${create.p99} ms`);
        }
      }
      // The figure means something only if the one world recorded every call and the other none.
      for (const [side, expected] of [
        ['on', true],
        ['off', false],
      ] as const) {
        const state = (await (
          await fetch(`${sim.url}/worlds/${worlds[side]}/__simulator/traffic/recording`)
        ).json()) as { recording: boolean; latestSeq: number };
        if (state.recording !== expected || state.latestSeq > 0 !== expected)
          throw new Error(`world ${worlds[side]}: recording ${state.recording}, ${state.latestSeq} calls recorded`);
      }
      const sortedOff = [...off].sort((a, b) => a - b);
      const baseline = sortedOff[Math.floor(sortedOff.length / 2)]!;
      return [
        figure({
          figure: `world p99 at ${RATE} req/s, recording on (baseline: off)`,
          unit: 'ms',
          samples: on,
          baselineSamples: off,
          target: `≤ baseline + ${TARGET_ADDED_MS} ms`,
          pass: (value) => value - baseline <= TARGET_ADDED_MS,
        }),
      ];
    } finally {
      await sim.close();
    }
  },
};
