import autocannon from 'autocannon';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from './src-main/simulator';

const useState = process.argv[2] === 'state';
const dir = mkdtempSync(join(tmpdir(), 'measure-'));
const statePath = join(dir, 'state.jsonl');
const sim = await startSimulator({ seed: 1, ...(useState ? { state: statePath } : {}) });
const t = sim.terminals[0]!;
const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${t.token}`, [sim.clientIdHeader]: sim.clientId };
const body = JSON.stringify({
  merchant: { terminalId: Number(t.terminalId), channel: 'web', merchantTransactionId: 'bench' },
  transaction: { transactionTimestamp: new Date().toISOString(), description: 'bench', moto: false, paymentType: 'PURS', paymentMethod: ['REFERENCE', 'MBWAY'], amount: { value: 10, currency: 'EUR' } },
});
const run = async (seconds: number, amount?: number) => {
  const r = await autocannon({ url: `${sim.apiUrl}/payments`, method: 'POST', headers, body, connections: 10, ...(amount ? { amount } : { duration: seconds }) });
  return r;
};
await run(1);
const fresh = await run(4);
console.log('create rps with ~', sim.control.transactionCount(), 'stored (fresh):', fresh.requests.average.toFixed(0));
while (sim.control.transactionCount() < 100_000) await run(0, Math.min(20_000, 100_000 - sim.control.transactionCount()));
(globalThis as any).gc?.();
console.log('stored', sim.control.transactionCount(), 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
const full = await run(4);
console.log('create rps at 100k+:', full.requests.average.toFixed(0), 'non2xx', full.non2xx);
await sim.close();
if (useState) {
  console.log('state file MB', (statSync(statePath).size / 1e6).toFixed(0));
  const t0 = performance.now();
  const again = await startSimulator({ state: statePath });
  console.log('load ms', (performance.now() - t0).toFixed(0), 'loaded', again.control.transactionCount(), 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
  await again.close();
}
