import { request } from 'undici';
import { GatewayClient, RequestSender, apiRoot, type GatewayConnection } from '../../src-main/gateway';
import { startSimulator } from '../../src-main/simulator';
import { orderA } from '../main/gateway/fixtures';
async function main() {
  const simulator = await startSimulator({ port: 0 });
  const [terminal] = simulator.terminals;
  const connection: GatewayConnection = { profileId: null, baseUrl: simulator.url, pathPrefix: simulator.basePath, version: simulator.version, variant: terminal!.variant, terminalId: terminal!.terminalId, clientIdHeader: simulator.clientIdHeader, bearerToken: terminal!.token, clientId: simulator.clientId };
  const s = new RequestSender(); const c = new GatewayClient(s);
  const id = (await c.createOrder(connection, orderA('b'))).exchange.transactionID!;
  const url = `${apiRoot(connection)}/payments/${id}/status`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${connection.bearerToken}`, [connection.clientIdHeader]: connection.clientId! };
  const raw = process.argv[2] === 'raw';
  const t = performance.now();
  for (let i = 0; i < 30000; i++) {
    if (raw) { const r = await request(url, { method: 'GET', headers }); JSON.parse(await r.body.text()); }
    else await c.getStatus(connection, id);
  }
  console.log(process.argv[2], ((performance.now() - t) * 1000 / 30000).toFixed(1));
  process.exit(0);
}
main();
