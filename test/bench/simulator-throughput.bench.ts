/**
 * Status-endpoint throughput of the simulator against a bare node:http server answering a body of the
 * same size, measured with autocannon in the same run (alternating, so both see the same machine load).
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator } from '../../src-main/simulator';
import { figure, type Benchmark } from './figures';

const TARGET_RPS = 5000;
const TARGET_RATIO = 0.5;

async function measure(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: 32, pipelining: 1, duration: seconds });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export const simulatorThroughput: Benchmark = {
  name: 'simulator status throughput',
  async run({ full, log }) {
    const sim = await startSimulator({ seed: 1, rateLimit: 0 });
    const terminal = sim.terminals[0]!;
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${terminal.token}`,
      [sim.clientIdHeader]: sim.clientId,
    };
    const created = await fetch(`${sim.apiUrl}/payments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        merchant: { terminalId: Number(terminal.terminalId), channel: 'web', merchantTransactionId: 'bench' },
        transaction: {
          transactionTimestamp: new Date().toISOString(),
          description: 'bench',
          moto: false,
          paymentType: 'PURS',
          paymentMethod: ['REFERENCE', 'MBWAY'],
          amount: { value: 10, currency: 'EUR' },
        },
      }),
    }).then((response) => response.json() as Promise<{ transactionID: string }>);
    const statusUrl = `${sim.apiUrl}/payments/${created.transactionID}/status`;
    const sample = await (await fetch(statusUrl, { headers })).text();

    const bare = createServer((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(sample),
      });
      res.end(sample);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/status`;

    const seconds = full ? 10 : 2;
    const rounds = full ? 7 : 5;
    const simSamples: number[] = [];
    const bareSamples: number[] = [];
    try {
      await measure(statusUrl, headers, 1); // warm-up (JIT)
      await measure(bareUrl, headers, 1);
      for (let round = 1; round <= rounds; round++) {
        // Alternate which goes first so neither always runs on a warmer (or busier) machine.
        if (round % 2) {
          bareSamples.push(await measure(bareUrl, headers, seconds));
          simSamples.push(await measure(statusUrl, headers, seconds));
        } else {
          simSamples.push(await measure(statusUrl, headers, seconds));
          bareSamples.push(await measure(bareUrl, headers, seconds));
        }
        log(
          `  round ${round}/${rounds}: bare ${bareSamples.at(-1)!.toFixed(0)} req/s, simulator ${simSamples.at(-1)!.toFixed(0)} req/s`,
        );
      }
    } finally {
      await sim.close();
      bare.closeAllConnections();
      await new Promise<void>((resolve) => bare.close(() => resolve()));
    }
    return [
      figure({
        figure: 'simulator GET …/status throughput',
        unit: 'req/s',
        samples: simSamples,
        baselineSamples: bareSamples,
        paired: true,
        target: `≥ ${TARGET_RPS} req/s and ≥ ${TARGET_RATIO}× bare node:http`,
        pass: (value, ratio) => value >= TARGET_RPS && (ratio ?? 0) >= TARGET_RATIO,
      }),
    ];
  },
};
