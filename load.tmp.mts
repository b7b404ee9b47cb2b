import { startSimulator } from './src-main/simulator';
const t0 = performance.now();
const sim = await startSimulator({ state: '/tmp/measure-B1OHj9/state.jsonl' });
const t1 = performance.now();
(globalThis as any).gc?.();
console.log('load ms', (t1 - t0).toFixed(0), 'count', sim.control.transactionCount(), 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
await sim.close();
