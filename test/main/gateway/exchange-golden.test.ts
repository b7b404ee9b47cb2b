/**
 * The record of a call (the Exchange and the masked answer handed back), byte for byte, for hostile answers:
 * secrets echoed in every spelling, escaped, cut off, in headers, in keys, beside card data and non-ASCII
 * text. The golden file was written by the SDK before its masking and record building were made cheaper
 * (issue 28 §1, SDK overhead): a faster path must keep every record exactly as it was, so what a screen,
 * a log or an export shows does not change. Each answer goes through the whole SDK (GatewayClient,
 * RequestSender, a real loopback server), so every step that builds the record is covered.
 */
import { expect, it } from 'vitest';
import { GatewayClient, type CallResult } from '../../../src-main/gateway';
import { useFaultGateway } from './fault-gateway';
import { CLIENT_ID, connectionTo, orderA, TOKEN } from './fixtures';

const SIGNATURE = 'sig_9Zt4QmR2vX7pL0aB3cD5eF';
const ACTION_TOKEN = 'act_77hG5jK2mN8pQ4rS';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');
/** Every character of a text written as a JSON `\uXXXX` escape. */
const unicodeEscaped = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

const ok = { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' };

/** Status answers, each hostile in its own way. */
const STATUS_ANSWERS: Record<string, Answer> = {
  plain: {
    status: 200,
    body: JSON.stringify({
      returnStatus: ok,
      merchant: { terminalId: '1000001', merchantTransactionId: 'bench-1' },
      transactionID: 's2nSeNJomrDs4uK3hhlj',
      amount: { currency: 'EUR', value: '12.50' },
      paymentType: 'PURS',
      paymentStatus: 'Pending',
      paymentMethod: 'MBWAY',
      transactionDateTime: '2026-11-26T02:23:25.849Z',
    }),
  },
  'echoes in every spelling': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { statusCode: '000', statusMsg: `token ${TOKEN}`, statusDescription: `b64 ${base64(TOKEN)}` },
      transactionID: 'id-1',
      paymentStatus: `Pending ${hex(CLIENT_ID)}`,
      merchant: { merchantTransactionId: TOKEN.toUpperCase() },
      note: `prefix ${TOKEN.slice(0, 20)} suffix ${CLIENT_ID.slice(-12)} url ${encodeURIComponent(`a/${TOKEN}`)}`,
      [TOKEN]: 'a key that is a secret',
    }),
  },
  'escaped spellings': {
    status: 200,
    body: `{"returnStatus":{"statusCode":"000","statusMsg":"said \\"${unicodeEscaped(TOKEN)}\\""},"paymentStatus":"Paid","url":"https:\\/\\/gw.example\\/${TOKEN}","transactionID":"id-2"}`,
  },
  'card data': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { ...ok, statusMsg: 'card 4111 1111 1111 1111, CVV: 123' },
      transactionID: 'id-3',
      paymentStatus: 'Success',
      cardNumber: 4111111111111111,
      card: { pan: '5500-0000-0000-0004', cvv: '987', expiry: '12/30' },
      extendedInfo: [
        { key: 'cvc', value: '999' },
        { key: 'orderRef', value: '1234567890123' },
      ],
      notificationID: '89496668-0321-4670-be1b-0123456789ab',
    }),
  },
  'credentials of other schemes': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { ...ok, statusMsg: 'Authorization: Bearer someoneElsesToken99 and Digest abcdEFGH1234' },
      transactionID: 'id-4',
      paymentStatus: 'Pending',
    }),
  },
  'secrets in answer headers': {
    status: 200,
    body: JSON.stringify({ returnStatus: ok, transactionID: 'id-5', paymentStatus: 'Pending' }),
    headers: {
      'x-debug-token': TOKEN,
      'x-echo': `seen Bearer ${TOKEN} and ${CLIENT_ID}`,
      'x-api-key': 'ak_live_51HxZ2eKk9',
      'set-cookie': 'session=abc123; HttpOnly',
      cvv: '123',
      'x-region': 'eu-west',
    },
  },
  'non-JSON error page': {
    status: 502,
    body: `<!doctype html><html><body>Bad gateway for Bearer ${TOKEN} card 4111111111111111 ${CLIENT_ID}</body></html>`,
    headers: { 'content-type': 'text/html' },
  },
  'non-ASCII around secrets': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { ...ok, statusMsg: `ΣİΣ ${TOKEN} ΣΣ`, statusDescription: `İ${CLIENT_ID.toUpperCase()}ς` },
      transactionID: 'id-6',
      paymentStatus: 'Pending',
    }),
  },
  'conformance notes quoting values': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { statusCode: 0, statusMsg: 'Success' },
      transactionID: 'id-7',
      paymentStatus: `Weird ${TOKEN}`,
      amount: { value: 12.5, currency: 'EUR' },
    }),
  },
  'gateway error with a retry wait': {
    status: 429,
    body: JSON.stringify({ returnStatus: { statusCode: '999', statusMsg: `slow down ${CLIENT_ID}` } }),
    headers: { 'retry-after': '120' },
  },
  'nested too deep': {
    status: 200,
    body: `{"returnStatus":{"statusCode":"000"},"transactionID":"id-8","echo":"${TOKEN}","deep":${'['.repeat(70)}${']'.repeat(70)}}`,
  },
  'cut off mid-secret': {
    status: 200,
    body: `{"returnStatus":{"statusCode":"000"},"transactionID":"id-9","statusMsg":"${TOKEN.slice(0, 12)}`,
  },
};

/** Create answers: the new signature and an action token, echoed elsewhere in the answer. */
const CREATE_ANSWERS: Record<string, Answer> = {
  'signature and action token': {
    status: 200,
    body: JSON.stringify({
      returnStatus: { ...ok, statusDescription: `signed ${SIGNATURE}` },
      transactionID: 'id-10',
      transactionSignature: SIGNATURE,
      merchant: { merchantTransactionId: 'order-golden' },
      actionResponse: {
        data: { url: 'https://acs.example/go', params: [{ value: ACTION_TOKEN, name: 'actionToken' }] },
      },
      trace: `${base64(SIGNATURE)} ${ACTION_TOKEN.slice(2, 14)}`,
      paymentStatus: 'Pending',
    }),
  },
  'cut off in the signature': {
    status: 200,
    body: `{"returnStatus":{"statusCode":"000"},"transactionID":"id-11","transactionSignature":"${SIGNATURE.slice(0, 15)}`,
  },
  'proxy error': {
    status: 504,
    body: `upstream timed out; Bearer ${TOKEN}`,
    headers: { 'content-type': 'text/plain' },
  },
};

const gateway = useFaultGateway();

/** What the record keeps, without what differs on every run (ids, times, the port, the Date header). */
function kept(result: CallResult) {
  const { exchange } = result;
  const { id: _id, timings: _timings, gatewayClockOffsetMs: _offset, ...record } = exchange;
  const response = record.response && {
    ...record.response,
    headers: Object.fromEntries(Object.entries(record.response.headers).filter(([name]) => name !== 'date')),
  };
  const text = JSON.stringify(
    { record: { ...record, response }, answer: result.response, actionTokens: result.actionTokens.length },
    null,
    2,
  );
  return JSON.parse(text.replaceAll(gateway.server.url, 'http://127.0.0.1:PORT')) as unknown;
}

function answerWith(answer: Answer): void {
  gateway.server.next({ kind: 'answer', status: answer.status, body: answer.body, headers: answer.headers });
}

it('builds the same record as before for every hostile answer', async () => {
  const client = new GatewayClient(gateway.sender);
  const connection = connectionTo(gateway.server.url);
  const records: Record<string, unknown> = {};
  for (const [name, answer] of Object.entries(STATUS_ANSWERS)) {
    answerWith(answer);
    records[`getStatus: ${name}`] = kept(await client.getStatus(connection, 's2nSeNJomrDs4uK3hhlj'));
  }
  for (const [name, answer] of Object.entries(CREATE_ANSWERS)) {
    answerWith(answer);
    records[`createOrder: ${name}`] = kept(await client.createOrder(connection, orderA('order-golden')));
  }
  answerWith({ status: 200, body: JSON.stringify({ returnStatus: ok, echo: `${SIGNATURE} ${ACTION_TOKEN}` }) });
  records['performAction: signature and token echoed back'] = kept(
    await client.performAction(connection, {
      transactionId: 'id-10',
      url: `${gateway.server.url}/api/v2/payments/id-10/action`,
      params: [{ name: 'actionToken', value: ACTION_TOKEN }],
      signature: SIGNATURE,
    }),
  );
  await expect(`${JSON.stringify(records, null, 2)}\n`).toMatchFileSnapshot('./golden/hostile-exchanges.json');
});
