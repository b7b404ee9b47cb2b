/**
 * The exchange recorder builds the record of a call from what was sent and received, with no socket
 * (issue 28 §4: transport and retry apart from the recorder). What it keeps is what every screen, log and
 * export shows, so secrets the answer carries must already be masked here.
 */
import { describe, expect, it } from 'vitest';
import { classifyAnswer } from '../../../src-main/gateway/classify';
import { recordExchange } from '../../../src-main/gateway/exchange-recorder';
import type { Attempt, GatewayRequest } from '../../../src-main/gateway/gateway-call';
import { CallRedactor } from '../../../src-main/gateway/redaction';

const TOKEN = 'bearer-token-abcdef123456';
const CLIENT_ID = 'client-id-987654321';
const SIGNATURE = 'signature-from-the-answer-XYZ98765';
const ACTION_TOKEN = 'one-time-action-token-55555';

function call(): GatewayRequest {
  return {
    operation: 'createOrder',
    method: 'POST',
    url: 'http://127.0.0.1:1/api/v2/payments',
    headers: { Authorization: `Bearer ${TOKEN}`, 'X-Client-Id': CLIENT_ID, 'Content-Type': 'application/json' },
    body: JSON.stringify({ merchant: { merchantTransactionId: 'order-1' }, echo: TOKEN }),
    profileId: 'p1',
    merchantTransactionId: 'order-1',
    transactionID: null,
    redactor: new CallRedactor({ credentials: [TOKEN, CLIENT_ID] }, 'X-Client-Id'),
    variant: 'A',
  };
}

function answered(body: unknown): Attempt {
  const bodyText = JSON.stringify(body);
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    bodyText,
    bytes: Buffer.byteLength(bodyText),
    truncated: false,
    body,
    salvaged: false,
    verdict: classifyAnswer(200, body, bodyText, undefined, { operation: 'createOrder', moneyMoving: true }),
    clockOffsetMs: null,
  };
}

describe('exchange recorder (issue 28 §4: the record built apart from the sender)', () => {
  it('masks the credentials sent and the signature and action token the answer carries, wherever they are echoed', () => {
    const answer = {
      returnStatus: { statusCode: '000', statusMsg: `Success ${SIGNATURE}` },
      transactionID: 's2ABC',
      transactionSignature: SIGNATURE,
      merchant: { merchantTransactionId: 'order-1' },
      actionResponse: { data: { params: [{ name: 'actionToken', value: ACTION_TOKEN }] } },
      paymentStatus: 'Pending',
    };
    const { exchange, rawBody } = recordExchange(call(), answered(answer), {
      startedAt: '2026-11-25T21:00:00.000Z',
      durationMs: 12,
      attempts: 1,
    });
    const kept = JSON.stringify(exchange);
    for (const secret of [TOKEN, CLIENT_ID, SIGNATURE, ACTION_TOKEN]) expect(kept).not.toContain(secret);
    expect(exchange).toMatchObject({
      transactionID: 's2ABC',
      merchantTransactionId: 'order-1',
      classification: 'ok',
      timings: { attempts: 1, durationMs: 12 },
      response: { status: 200 },
    });
    // The SDK keeps the unredacted answer for its own use (the signature of the next call).
    expect((rawBody as { transactionSignature: string }).transactionSignature).toBe(SIGNATURE);
  });

  it('records a call that got no answer with no response and the request size it sent', () => {
    const sent = call();
    const { exchange } = recordExchange(
      sent,
      { ...answered(null), status: null, bodyText: '', bytes: 0, body: undefined, verdict: answered({}).verdict },
      { startedAt: '2026-11-25T21:00:00.000Z', durationMs: 5, attempts: 1 },
    );
    expect(exchange.response).toBeNull();
    expect(exchange.size.requestBytes).toBe(Buffer.byteLength(sent.body!));
    expect(exchange.request.body).not.toContain(TOKEN);
  });
});
