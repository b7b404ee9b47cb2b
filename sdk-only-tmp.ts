import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { GatewayClient, RequestSender, type GatewayConnection } from './src-main/gateway';
const body = JSON.stringify({returnStatus:{statusCode:"000",statusMsg:"Success",statusDescription:"Success"},merchant:{terminalId:"1000001",merchantTransactionId:"order-1001"},transactionID:"s2mAg88Rlsa9ceIZPJeE",amount:{currency:"EUR",value:"10.50"},paymentType:"PURS",paymentStatus:"Pending",paymentMethod:"REFERENCE",transactionDateTime:"2026-11-24T15:57:20.697Z",execution:{startTime:"2026-11-24T15:57:20.735Z",endTime:"2026-11-24T15:57:20.735Z"}});
async function main() {
const child = spawn(process.execPath, ['-e', `require('http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'content-type':'application/json','content-length':Buffer.byteLength(${JSON.stringify(body)})});s.end(${JSON.stringify(body)});});}).listen(0,'127.0.0.1',function(){process.send(this.address().port)})`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const [port] = (await once(child, 'message')) as [number];
const connection: GatewayConnection = { profileId: null, baseUrl: `http://127.0.0.1:${port}`, pathPrefix: '/api', version: 'v2', variant: 'A', terminalId: '1000001', clientIdHeader: 'X-Platform-Client-Id', bearerToken: 'tok-abcdef123456', clientId: 'client-abcdef123' };
const sender = new RequestSender();
const client = new GatewayClient(sender);
const t0 = performance.now(); let n = 0;
while (performance.now() - t0 < 8000) { await client.getStatus(connection, 's2mAg88Rlsa9ceIZPJeE'); n++; }
console.log('calls', n, ((performance.now() - t0) * 1000 / n).toFixed(0), 'µs/call');
await sender.close(); child.kill();
}
void main();
