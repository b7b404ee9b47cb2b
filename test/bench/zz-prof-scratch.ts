import { Agent, request } from 'undici';
import { GatewayClient, RequestSender, apiRoot, type GatewayConnection } from '../../src-main/gateway';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';

async function main() {
  const simulator = await startSimulator({ port: 0 });
  const sender = new RequestSender();
  const [terminal] = simulator.terminals;
  const connection: GatewayConnection = {
    profileId: null, baseUrl: simulator.url, pathPrefix: simulator.basePath, version: simulator.version,
    variant: terminal!.variant, terminalId: terminal!.terminalId, clientIdHeader: simulator.clientIdHeader,
    bearerToken: terminal!.token, clientId: simulator.clientId,
  };
  const client = new GatewayClient(sender);
  const created = await client.createOrder(connection, orderA('bench-1'));
  const id = created.exchange.transactionID!;
  const url = `${apiRoot(connection)}/payments/${id}/status`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${connection.bearerToken}`, [connection.clientIdHeader]: connection.clientId! };
  const agent = new Agent({ connect: { timeout: 5000 }, keepAliveTimeout: 10_000, headersTimeout: 30000, bodyTimeout: 30000 });
  const { CallRedactor } = await import('../../src-main/gateway/redaction');
  const callObj = { operation: 'getStatus' as const, method: 'GET' as const, url, headers, profileId: null, merchantTransactionId: null, transactionID: id, redactor: new CallRedactor({ credentials: [connection.bearerToken, connection.clientId] }, connection.clientIdHeader), variant: 'A' as const };
  const variants: Record<string, () => Promise<unknown>> = {
    sdk: () => client.getStatus(connection, id),
    send: () => sender.send(callObj),
    attempt: () => (sender as any).attempt(callObj),
    raw: async () => { const r = await request(url, { method: 'GET', headers }); JSON.parse(await r.body.text()); },
    agent: async () => { const r = await request(url, { dispatcher: agent, method: 'GET', headers }); JSON.parse(await r.body.text()); },
    agentTimeouts: async () => { const r = await request(url, { dispatcher: agent, method: 'GET', headers, headersTimeout: 30000, bodyTimeout: 30000 }); JSON.parse(await r.body.text()); },
  };
  const only = process.argv[2];
  const n = Number(process.argv[3] ?? 2000);
  const results: Record<string, number[]> = {};
  for (let round = 0; round < 16; round++) {
    for (const [name, fn] of Object.entries(variants)) {
      if (only && only !== 'all' && name !== only) continue;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await fn();
      (results[name] ??= []).push(((performance.now() - t0) * 1000) / n);
    }
  }
  for (const [name, xs] of Object.entries(results)) { xs.sort((a, b) => a - b); console.log(name.padEnd(15), "min", xs[0]!.toFixed(0), "p25", xs[4]!.toFixed(0), "med", xs[8]!.toFixed(0)); }
  await agent.close(); await sender.close(); await simulator.close();
}
main();
