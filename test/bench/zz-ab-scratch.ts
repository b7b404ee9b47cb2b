import { request } from 'undici';
import * as New from '../../src-main/gateway';
import * as Old from './zz-old';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';
async function main() {
  const simulator = await startSimulator({ port: 0 });
  const [terminal] = simulator.terminals;
  const connection: New.GatewayConnection = { profileId: null, baseUrl: simulator.url, pathPrefix: simulator.basePath, version: simulator.version, variant: terminal!.variant, terminalId: terminal!.terminalId, clientIdHeader: simulator.clientIdHeader, bearerToken: terminal!.token, clientId: simulator.clientId };
  const ns = new New.RequestSender(); const os = new Old.RequestSender();
  const nc = new New.GatewayClient(ns); const oc = new Old.GatewayClient(os);
  const id = (await nc.createOrder(connection, orderA('bench-1'))).exchange.transactionID!;
  const url = `${New.apiRoot(connection)}/payments/${id}/status`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${connection.bearerToken}`, [connection.clientIdHeader]: connection.clientId! };
  const a = await nc.getStatus(connection, id), b = await oc.getStatus(connection, id);
  const strip = (e: any) => ({ ...e, id: 0, timings: 0 });
  if (process.env.SHOW) { console.log(JSON.stringify(strip(a.exchange))); console.log(JSON.stringify(strip(b.exchange))); process.exit(0); }
  const { CallRedactor } = await import('../../src-main/gateway/redaction');
  const { Agent } = await import('undici');
  const agent = new Agent({ connect: { timeout: 5000 }, keepAliveTimeout: 10_000, headersTimeout: 30000, bodyTimeout: 30000 });
  const callObj = { operation: 'getStatus' as const, method: 'GET' as const, url, headers, profileId: null, merchantTransactionId: null, transactionID: id, redactor: new CallRedactor({ credentials: [connection.bearerToken, connection.clientId] }, connection.clientIdHeader), variant: 'A' as const };
  const variants: Record<string, () => Promise<unknown>> = {
    new: () => nc.getStatus(connection, id),
    send: () => ns.send(callObj),
    attempt: () => (ns as any).attempt(callObj),
    rawAgent: async () => { const r = await request(url, { dispatcher: agent, method: 'GET', headers, headersTimeout: 30000, bodyTimeout: 30000 }); JSON.parse(await r.body.text()); },
    raw: async () => { const r = await request(url, { method: 'GET', headers }); JSON.parse(await r.body.text()); },
  };
  const res: Record<string, number[]> = {}; const cpu: Record<string, number[]> = {};
  const n = Number(process.argv[2] ?? 1000);
  for (let round = 0; round < 24; round++) for (const [name, fn] of (round % 2 ? Object.entries(variants).reverse() : Object.entries(variants))) {
    const c0 = process.cpuUsage(); const t0 = performance.now(); for (let i = 0; i < n; i++) await fn();
    (res[name] ??= []).push(((performance.now() - t0) * 1000) / n); const c = process.cpuUsage(c0); (cpu[name] ??= []).push((c.user + c.system) / n);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  for (const k of Object.keys(res)) console.log(k, 'wall med', med(res[k]!).toFixed(1), 'min', Math.min(...res[k]!).toFixed(1), 'cpu med', med(cpu[k]!).toFixed(1), 'ratio', (med(res[k]!) / med(res.raw!)).toFixed(2), 'cpu-ratio', (med(cpu[k]!) / med(cpu.raw!)).toFixed(2));
  await ns.close(); await os.close(); await simulator.close();
}
main();
