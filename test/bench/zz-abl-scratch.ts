import { request } from 'undici';
import { GatewayClient, apiRoot, type GatewayConnection } from '../../src-main/gateway';
import { RequestSender } from './zz-sender-scratch';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';
async function main() {
  const simulator = await startSimulator({ port: 0 });
  const sender = new RequestSender();
  const [terminal] = simulator.terminals;
  const connection: GatewayConnection = { profileId: null, baseUrl: simulator.url, pathPrefix: simulator.basePath, version: simulator.version, variant: terminal!.variant, terminalId: terminal!.terminalId, clientIdHeader: simulator.clientIdHeader, bearerToken: terminal!.token, clientId: simulator.clientId };
  const client = new GatewayClient(sender as any);
  const created = await client.createOrder(connection, orderA('bench-1'));
  const id = created.exchange.transactionID!;
  const url = `${apiRoot(connection)}/payments/${id}/status`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${connection.bearerToken}`, [connection.clientIdHeader]: connection.clientId! };
  const variants: Record<string, () => Promise<unknown>> = {
    sdk: () => client.getStatus(connection, id),
    raw: async () => { const r = await request(url, { method: 'GET', headers }); JSON.parse(await r.body.text()); },
  };
  const res: Record<string, number[]> = {};
  for (let round = 0; round < 20; round++) for (const [name, fn] of Object.entries(variants)) {
    const t0 = performance.now(); for (let i = 0; i < 1000; i++) await fn(); (res[name] ??= []).push((performance.now() - t0));
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  console.log((process.env.SKIP || '-').padEnd(30), 'sdk', med(res.sdk!).toFixed(0), 'raw', med(res.raw!).toFixed(0), 'ratio', (med(res.sdk!) / med(res.raw!)).toFixed(2), 'min-ratio', (Math.min(...res.sdk!) / Math.min(...res.raw!)).toFixed(2));
  await sender.close(); await simulator.close();
}
main();
