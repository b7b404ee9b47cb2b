/**
 * The SDK's own cost per `getStatus` (headers, timeout handling, classification, conformance notes,
 * redaction, the Exchange record) against the barest call on the same layer of undici the SDK sends
 * through: `dispatcher.dispatch` with the same headers, the body collected and parsed. Both call a
 * canned-response loopback server in a child process that answers every request with the same bytes
 * (one real status answer captured from the simulator once), so neither side's figure carries a
 * gateway's work and the ratio is the SDK's overhead alone. Rounds rotate which side goes first so
 * machine noise hits all alike. `undici.request` (a layer above, with a stream for the body) is
 * measured too and logged as context, not judged.
 *
 * The SDK measured is the one the app ships: src-main/gateway bundled by Vite (test/bench/sdk-build.config.mts,
 * the main build's alias and externals), not the TypeScript sources as tsx runs them. tsx transpiles with
 * esbuild's keepNames, which wraps every function and closure in a `__name(…)` call (an
 * Object.defineProperty each time a closure is created): a cost the shipped code does not pay, charged to
 * the SDK alone since the raw side is one call into undici. Capturing the canned answer still uses the
 * sources (the in-process simulator); only the measured calls go through the built SDK.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'undici';
import { pathToFileURL } from 'node:url';
import type * as GatewaySdk from '../../src-main/gateway';
import { GatewayClient, RequestSender, apiRoot, type GatewayConnection } from '../../src-main/gateway';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';
import { ensureViteBuilt } from '../support/vite-build';
import { figure, type Benchmark } from './figures';

/** A recorded HTTP answer, replayed byte for byte. */
interface CannedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The canned server's whole program: it answers every request with the one answer it was sent. */
const CANNED_SERVER = `
const { createServer } = require('node:http');
process.once('message', (answer) => {
  const body = Buffer.from(answer.body);
  const headers = { ...answer.headers, 'content-length': String(body.length) };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(answer.status, headers); res.end(body); });
  });
  server.keepAliveTimeout = 60000;
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
});
`;

/** A real status answer for one transaction, captured from the simulator once. */
async function captureStatusAnswer(): Promise<{ answer: CannedAnswer; connection: GatewayConnection; id: string }> {
  const simulator = await startSimulator({ port: 0 });
  const sender = new RequestSender();
  try {
    const [terminal] = simulator.terminals;
    const connection: GatewayConnection = {
      profileId: null,
      baseUrl: simulator.url,
      pathPrefix: simulator.basePath,
      version: simulator.version,
      variant: terminal!.variant,
      terminalId: terminal!.terminalId,
      clientIdHeader: simulator.clientIdHeader,
      bearerToken: terminal!.token,
      clientId: simulator.clientId,
    };
    const client = new GatewayClient(sender);
    const created = await client.createOrder(connection, orderA('bench-1'));
    const id = created.exchange.transactionID;
    if (created.exchange.classification !== 'ok' || !id)
      throw new Error(`The benchmark order was not created: ${created.exchange.summary}`);
    const response = await request(`${apiRoot(connection)}/payments/${id}/status`, {
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${connection.bearerToken}`,
        [connection.clientIdHeader]: connection.clientId!,
      },
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`capturing the status answer failed: ${body}`);
    const contentType = response.headers['content-type'];
    return {
      answer: { status: 200, headers: { 'content-type': String(contentType ?? 'application/json') }, body },
      connection,
      id,
    };
  } finally {
    await sender.close();
    await simulator.close();
  }
}

/** The gateway SDK as the app ships it (see the header), built when a source is newer than the last build. */
async function loadBuiltSdk(): Promise<typeof GatewaySdk> {
  const file = ensureViteBuilt({
    what: "the benchmark's gateway SDK",
    config: 'test/bench/sdk-build.config.mts',
    output: 'node_modules/.cache/bench-sdk/gateway.cjs',
    sources: ['src-main', 'src-shared', 'package-lock.json'],
  });
  return (await import(pathToFileURL(file).href)) as typeof GatewaySdk;
}

async function startCannedServer(answer: CannedAnswer): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', CANNED_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(answer);
  const [port] = (await once(child, 'message')) as [number];
  return { url: `http://127.0.0.1:${port}`, child };
}

export const sdkStatus: Benchmark = {
  name: 'sdk-status',
  async run({ full, log }) {
    const built = await loadBuiltSdk();
    const captured = await captureStatusAnswer();
    const canned = await startCannedServer(captured.answer);
    const sender = new built.RequestSender();
    const dispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 });
    try {
      const connection: GatewayConnection = { ...captured.connection, baseUrl: canned.url };
      const id = captured.id;
      const client = new built.GatewayClient(sender);
      const url = `${apiRoot(connection)}/payments/${id}/status`;
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${connection.bearerToken}`,
        [connection.clientIdHeader]: connection.clientId!,
      };
      const sdkCall = async () => {
        const { exchange } = await client.getStatus(connection, id);
        if (exchange.classification !== 'ok') throw new Error(`SDK status failed: ${exchange.summary}`);
      };
      const rawCall = async () => {
        const response = await request(url, { method: 'GET', headers });
        const text = await response.body.text();
        if (response.statusCode !== 200) throw new Error(`raw status failed: ${text}`);
        JSON.parse(text);
      };
      // The judged baseline: the same layer the SDK sends through (src-main/gateway/receive-answer.ts).
      const { origin, pathname } = new URL(url);
      const dispatchCall = () =>
        new Promise<void>((resolve, reject) => {
          const chunks: Buffer[] = [];
          dispatcher.dispatch(
            { origin, path: pathname, method: 'GET', headers },
            {
              onRequestStart: () => {},
              onResponseData: (_controller, chunk) => void chunks.push(chunk),
              onResponseEnd: () => resolve(void JSON.parse(Buffer.concat(chunks).toString('utf8'))),
              onResponseError: (_controller, error) => reject(error),
            },
          );
        });
      // Wall time is the target; CPU time (this process: the client only, the server is a child process) is
      // reported too because it stays readable when other work shares the machine and stretches wall time.
      const perCall = async (call: () => Promise<void>, calls: number) => {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < calls; i += 1) await call();
        const cpu = process.cpuUsage(cpuBefore);
        return { wall: ((performance.now() - started) * 1000) / calls, cpu: (cpu.user + cpu.system) / calls };
      };
      // SDK_STATUS_QUICK=1: a few short rounds, to check the benchmark runs (the figure then means little).
      const quick = process.env.SDK_STATUS_QUICK === '1';
      const rounds = quick ? 4 : full ? 40 : 24;
      const calls = quick ? 200 : full ? 1000 : 500;
      const warmUp = quick ? 1000 : 5000;
      // Warm-up long enough for V8 to finish optimising the SDK, which runs more code than the bare call:
      // a few hundred calls leave its first measured rounds slower than the rest.
      await perCall(sdkCall, warmUp);
      await perCall(rawCall, warmUp);
      await perCall(dispatchCall, warmUp);
      const sdk: Array<{ wall: number; cpu: number }> = [];
      const raw: Array<{ wall: number; cpu: number }> = [];
      const bare: Array<{ wall: number; cpu: number }> = [];
      const sides = [
        { call: sdkCall, samples: sdk },
        { call: rawCall, samples: raw },
        { call: dispatchCall, samples: bare },
      ];
      for (let round = 0; round < rounds; round += 1) {
        // Rotate which goes first so none always runs on a warmer machine.
        for (let offset = 0; offset < sides.length; offset += 1) {
          const side = sides[(round + offset) % sides.length]!;
          side.samples.push(await perCall(side.call, calls));
        }
      }
      const fastest = (samples: Array<{ wall: number }>) => Math.min(...samples.map((sample) => sample.wall));
      log(
        `sdk-status: ${rounds} rounds × ${calls} sequential calls each; fastest round SDK ${fastest(sdk).toFixed(0)} µs vs bare dispatch ${fastest(bare).toFixed(0)} µs per call (${(fastest(sdk) / fastest(bare)).toFixed(2)}×)`,
      );
      // CPU per call is logged, not judged: the target is the wait a person sees (wall time), and the
      // CPU ratio stays readable when other work stretches wall-clock figures on a shared machine.
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const cpuSdk = median(sdk.map((sample) => sample.cpu));
      const cpuBare = median(bare.map((sample) => sample.cpu));
      log(
        `sdk-status: client CPU per call, median round: SDK ${cpuSdk.toFixed(0)} µs vs bare dispatch ${cpuBare.toFixed(0)} µs (${(cpuSdk / cpuBare).toFixed(2)}×)`,
      );
      const wall = (samples: Array<{ wall: number }>) => median(samples.map((sample) => sample.wall));
      const overhead = wall(sdk) - wall(bare);
      // What the ratio means to a user: a real gateway call takes 50–500 ms, the overhead is added once.
      log(
        `sdk-status: median round: bare dispatch ${wall(bare).toFixed(0)} µs, undici.request ${wall(raw).toFixed(0)} µs (context), ` +
          `SDK ${wall(sdk).toFixed(0)} µs: +${overhead.toFixed(0)} µs a call, ${((overhead / 50_000) * 100).toFixed(2)} % of a 50 ms ` +
          `gateway call and ${((overhead / 500_000) * 100).toFixed(3)} % of a 500 ms one`,
      );
      return [
        figure({
          figure: 'getStatus wall time per call, canned-response server (SDK vs bare dispatcher.dispatch, same layer)',
          unit: 'µs/call',
          samples: sdk.map((sample) => sample.wall),
          baselineSamples: bare.map((sample) => sample.wall),
          paired: true,
          target: '≤ 1.3× bare dispatcher.dispatch',
          pass: (_value, ratio) => ratio !== null && ratio <= 1.3,
        }),
      ];
    } finally {
      await sender.close();
      await dispatcher.close();
      canned.child.kill();
    }
  },
};
