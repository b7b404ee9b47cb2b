import { GatewayClient, RequestSender, type GatewayConnection } from '../../src-main/gateway';
import { classifyAnswer } from '../../src-main/gateway/classify';
const bodyText = '{"returnStatus":{"statusCode":"000","statusMsg":"Success","statusDescription":"Success"},"merchant":{"terminalId":"1000001","merchantTransactionId":"bench-1"},"transactionID":"s2anQnWL3MSKwQYNbUEc","amount":{"currency":"EUR","value":"12.50"},"paymentType":"PURS","paymentStatus":"Pending","paymentMethod":"MBWAY","transactionDateTime":"2026-11-22T00:12:06.055Z","execution":{"startTime":"2026-11-22T00:12:09.288Z","endTime":"2026-11-22T00:12:09.288Z"}}';
const resHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': '400', date: new Date().toUTCString(), connection: 'keep-alive', 'keep-alive': 'timeout=5' };
const sender = new RequestSender();
(sender as any).attempt = async () => {
  const body = JSON.parse(bodyText);
  return { status: 200, headers: { ...resHeaders }, bodyText, body, verdict: classifyAnswer(200, body) };
};
const client = new GatewayClient(sender);
const connection: GatewayConnection = { profileId: null, baseUrl: 'http://127.0.0.1:5555', pathPrefix: '/api', version: 'v2', variant: 'A', terminalId: '1000001', clientIdHeader: 'X-IBM-Client-Id', bearerToken: 'tok_live_abcdef1234567890SECRET', clientId: 'client-9f8e7d6c5b4a3210' };
async function main() {
  for (let r = 0; r < 5; r++) {
    const n = 50000; const t = performance.now();
    for (let i = 0; i < n; i++) await client.getStatus(connection, 's2anQnWL3MSKwQYNbUEc');
    console.log('stubbed getStatus', (((performance.now() - t) * 1000) / n).toFixed(2), 'µs');
  }
  await sender.close();
}
main();
