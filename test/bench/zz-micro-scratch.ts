import { randomUUID } from 'node:crypto';
import { checkConformance } from '../../src-main/gateway/conformance';
import { classifyAnswer } from '../../src-main/gateway/classify';
import { CallRedactor } from '../../src-main/gateway/redaction';
const bodyText = '{"returnStatus":{"statusCode":"000","statusMsg":"Success","statusDescription":"Success"},"merchant":{"terminalId":"1000001","merchantTransactionId":"bench-1"},"transactionID":"s2anQnWL3MSKwQYNbUEc","amount":{"currency":"EUR","value":"12.50"},"paymentType":"PURS","paymentStatus":"Pending","paymentMethod":"MBWAY","transactionDateTime":"2026-11-22T00:12:06.055Z","execution":{"startTime":"2026-11-22T00:12:09.288Z","endTime":"2026-11-22T00:12:09.288Z"}}';
const body = JSON.parse(bodyText);
const reqHeaders = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer tok_live_abcdef1234567890SECRET', 'X-IBM-Client-Id': 'client-9f8e7d6c5b4a3210' };
const resHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': '400', date: new Date().toUTCString(), connection: 'keep-alive', 'keep-alive': 'timeout=5' };
const url = 'http://127.0.0.1:12345/api/v2/payments/s2anQnWL3MSKwQYNbUEc/status';
function time(name: string, fn: () => unknown, n = 200000) {
  for (let i = 0; i < 20000; i++) fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(name.padEnd(30), (((performance.now() - t) * 1000) / n).toFixed(2), 'µs');
}
const red = new CallRedactor({ credentials: ['tok_live_abcdef1234567890SECRET', 'client-9f8e7d6c5b4a3210'] }, 'X-IBM-Client-Id');
time('checkConformance', () => checkConformance('getStatus', 'A', 200, body, 'application/json; charset=utf-8'));
time('classifyAnswer', () => classifyAnswer(200, body));
time('JSON.parse', () => JSON.parse(bodyText));
time('new CallRedactor', () => new CallRedactor({ credentials: ['tok_live_abcdef1234567890SECRET', 'client-9f8e7d6c5b4a3210'], signatures: [] }, 'X-IBM-Client-Id'));
time('redactor.headers req', () => red.headers(reqHeaders));
time('redactor.headers res', () => red.headers(resHeaders));
time('redactor.text body', () => red.text(bodyText));
time('redactor.text url', () => red.text(url));
time('isClean body', () => red.isClean(bodyText));
time('randomUUID', () => randomUUID());
time('toISOString', () => new Date().toISOString());
time('byteLength', () => Buffer.byteLength(bodyText));
