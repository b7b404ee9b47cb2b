/**
 * What the recording proxy adds to a shop's call (issue 29, Figures): the same status query sent straight
 * to a simulator and through the proxy (forwarded, answered, recorded and masked at capture), one request
 * at a time on kept-alive connections, alternating direct and proxied so both see the same machine. The
 * figure is the proxied p99 minus the direct p99, per round; its median over the rounds is judged.
 */
import { Agent, request } from 'node:http';
import { figure, type Benchmark, percentile } from './figures';
import { startSimulator } from '../../src-main/simulator';
import { ProxySession } from '../../src-main/shop/proxy-session';
import { ORDER_EXAMPLES } from '../../src-shared/gateway/openapi';

const ADDED_P99_MS = 2;

/** One GET on a kept-alive agent; resolves with its wall-clock milliseconds once the body is read. */
function timedGet(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export const shopProxy: Benchmark = {
  name: 'recording proxy vs direct',
  async run({ full, log }) {
    const sim = await startSimulator({
      clientId: 'bench-client',
      terminals: [{ terminalId: '1000001', variant: 'A', token: 'bench-token-a' }],
    });
    const session = await ProxySession.start({
      profile: {
        id: 'bench',
        name: 'bench',
        environment: 'test',
        baseUrl: sim.url,
        pathPrefix: sim.basePath,
        version: sim.version,
        clientIdHeader: sim.clientIdHeader,
        variant: 'A',
      },
    });
    const headers = {
      'content-type': 'application/json',
      authorization: 'Bearer bench-token-a',
      [sim.clientIdHeader]: 'bench-client',
    };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const created = await fetch(`${sim.apiUrl}/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify(ORDER_EXAMPLES.variantA.value),
      });
      const { transactionID } = (await created.json()) as { transactionID: string };
      const direct = new URL(`${sim.apiUrl}/payments/${transactionID}/status`);
      const proxied = new URL(`${session.apiUrl}/payments/${transactionID}/status`);
      const rounds = full ? 7 : 5;
      const perRound = full ? 2_000 : 600;
      const added: number[] = [];
      const directP99: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const straight: number[] = [];
        const through: number[] = [];
        for (let i = 0; i < perRound; i++) {
          // Alternating which goes first: neither side always meets a just-warmed connection.
          if (i % 2) {
            straight.push(await timedGet(agent, direct, headers));
            through.push(await timedGet(agent, proxied, headers));
          } else {
            through.push(await timedGet(agent, proxied, headers));
            straight.push(await timedGet(agent, direct, headers));
          }
        }
        const p99Direct = percentile(straight, 99);
        const p99Proxy = percentile(through, 99);
        directP99.push(p99Direct);
        added.push(p99Proxy - p99Direct);
        log(`  round ${round + 1}: p99 direct ${p99Direct.toFixed(2)} ms, through the proxy ${p99Proxy.toFixed(2)} ms`);
      }
      // Every proxied call was recorded (and is masked when read).
      if (session.traffic.latestSeq !== rounds * perRound)
        throw new Error(`recorded ${session.traffic.latestSeq} calls`);
      return [
        figure({
          figure: 'p99 added by the proxy (status, 1 connection)',
          unit: 'ms',
          samples: added,
          target: `≤ ${ADDED_P99_MS} ms over direct`,
          pass: (value) => value <= ADDED_P99_MS,
        }),
      ];
    } finally {
      agent.destroy();
      await session.close();
      await sim.close();
    }
  },
};
