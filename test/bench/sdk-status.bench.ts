/**
 * One `getStatus` through the SDK (validation of nothing, headers, classification, conformance notes,
 * redaction, the Exchange record) against a bare `undici.request` to the same simulator endpoint with the
 * same headers, in the same run. Rounds alternate SDK and raw so machine noise hits both alike.
 */
import { request } from 'undici';
import { GatewayClient, RequestSender, apiRoot, type GatewayConnection } from '../../src-main/gateway';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';
import { figure, type Benchmark } from './figures';

export const sdkStatus: Benchmark = {
  name: 'sdk-status',
  async run({ full, log }) {
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
      // Wall time is the target; CPU time (this process: client and simulator) is reported too because it
      // stays readable when other work shares the machine and stretches every wall-clock figure.
      const perCall = async (call: () => Promise<void>, calls: number) => {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < calls; i += 1) await call();
        const cpu = process.cpuUsage(cpuBefore);
        return { wall: ((performance.now() - started) * 1000) / calls, cpu: (cpu.user + cpu.system) / calls };
      };
      const rounds = full ? 40 : 24;
      const calls = full ? 1000 : 500;
      // Warm-up long enough for V8 to finish optimising: the SDK runs more code than the raw call, and with
      // only a few hundred calls of warm-up its first measured rounds were still 1.5–3× slower than later ones.
      await perCall(sdkCall, 5000);
      await perCall(rawCall, 5000);
      const sdk: Array<{ wall: number; cpu: number }> = [];
      const raw: Array<{ wall: number; cpu: number }> = [];
      for (let round = 0; round < rounds; round += 1) {
        // Alternate which goes first so neither always runs on a warmer machine.
        if (round % 2) {
          raw.push(await perCall(rawCall, calls));
          sdk.push(await perCall(sdkCall, calls));
        } else {
          sdk.push(await perCall(sdkCall, calls));
          raw.push(await perCall(rawCall, calls));
        }
      }
      const fastest = (samples: Array<{ wall: number }>) => Math.min(...samples.map((sample) => sample.wall));
      log(
        `sdk-status: ${rounds} rounds × ${calls} sequential calls each; fastest round SDK ${fastest(sdk).toFixed(0)} µs vs raw ${fastest(raw).toFixed(0)} µs per call (${(fastest(sdk) / fastest(raw)).toFixed(2)}×)`,
      );
      const target = '≤ 1.3× raw undici.request';
      const pass = (_value: number, ratio: number | null) => ratio !== null && ratio <= 1.3;
      return [
        figure({
          figure: 'getStatus wall time per call (SDK vs raw undici.request)',
          unit: 'µs/call',
          samples: sdk.map((sample) => sample.wall),
          baselineSamples: raw.map((sample) => sample.wall),
          paired: true,
          target,
          pass,
        }),
        figure({
          figure: 'getStatus CPU time per call, client + simulator (SDK vs raw)',
          unit: 'µs CPU/call',
          samples: sdk.map((sample) => sample.cpu),
          baselineSamples: raw.map((sample) => sample.cpu),
          paired: true,
          target,
          pass,
        }),
      ];
    } finally {
      await sender.close();
      await simulator.close();
    }
  },
};
