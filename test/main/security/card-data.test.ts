/**
 * Card data never travels further than the gateway it was sent to: a card number typed into a free-form
 * field (an order's extendedInfo, an action parameter) shows as first 6 + last 4 in the Exchange, the
 * returned body and the log; a CVV shows nowhere.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CVV_NAME_WORDS, CVV_NAMES, redactCardData, redactCardJson } from '@shared/card-data';
import { redactText } from '../../../src-main/common/redact-text';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { logger } from '../../../src-main/common/logger';
import { startFaultServer } from '../../support/fault-server';
import { connectionTo, orderA } from '../gateway/fixtures';

const PAN = '4111111111111111';
const PAN_SPACED = '4111 1111 1111 1111';
const PAN_MASKED = '411111••••••1111';
const AMEX = '378282246310005';
const CVV = '7391';

describe('card data masking (text)', () => {
  it.each([
    [PAN, PAN_MASKED],
    [PAN_SPACED, PAN_MASKED],
    ['4111-1111-1111-1111', PAN_MASKED],
    [`card ${AMEX} used`, 'card 378282•••••0005 used'],
    [`{"pan":${PAN}}`, `{"pan":${PAN_MASKED}}`],
  ])('masks %s to first 6 + last 4', (input, expected) => {
    expect(redactCardData(input)).toBe(expected);
  });

  it.each([
    ['a number failing the Luhn check', '4111111111111112'],
    ['an E.164 phone', '+351912345678901'],
    ['an MB WAY alias', '351#9123456789012'],
    ['a timestamp', '2026-11-22T10:00:00.000Z'],
    ['a transaction id', 's2123456789012345678'],
    ['a merchant id with digits', 'order-4111111111111111'],
    ['a decimal amount', '4111111111111111.50'],
    // 8949666803214670 passes Luhn: masked, the receiver acknowledged a notificationID it was never sent.
    ['a UUID whose first groups read as a card number', '89496668-0321-4670-be1b-d5b5b7b8e727'],
  ])('leaves %s alone', (_what, input) => {
    expect(redactCardData(input)).toBe(input);
  });

  it('blanks a CVV given as a field, an extendedInfo pair or an action parameter', () => {
    const text = JSON.stringify({
      cvv: CVV,
      card: { securityCode: Number(CVV) },
      extendedInfo: [{ key: 'CVV2', value: CVV }],
      params: [{ name: 'cvc', value: CVV }],
    });
    expect(redactCardData(text)).not.toContain(CVV);
    expect(JSON.parse(redactCardData(text))).toEqual(redactCardJson(JSON.parse(text)));
  });

  it('over parsed JSON, never changes its input: copies what holds card data, returns the rest as it is', () => {
    const clean = { status: 'Pending', amounts: [10.5, 2026], merchant: { terminalId: 1000001 } };
    expect(redactCardJson(clean)).toBe(clean);
    const answer = { status: 'Pending', merchant: { terminalId: 1000001 }, card: { pan: Number(PAN), cvv: CVV } };
    const before = structuredClone(answer);
    const redacted = redactCardJson(answer) as typeof answer;
    expect(answer).toEqual(before);
    expect(redacted).toEqual({ ...before, card: { pan: PAN_MASKED, cvv: '•••' } });
    // The parts with nothing to remove are shared, not copied.
    expect(redacted.merchant).toBe(answer.merchant);
  });
});

describe('the one search that finds a text has nothing to mask', () => {
  it('finds a word of every CVV name the masking knows, in any letter case', () => {
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(`^(?:${CVV_NAMES})$`)), fc.array(fc.boolean()), (name, upper) => {
        const spelled = [...name].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join('');
        expect(new RegExp(CVV_NAMES, 'i').test(spelled)).toBe(true);
        expect(CVV_NAME_WORDS.some((word) => spelled.toLowerCase().includes(word))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('still blanks a CVV and masks an auth value in a text holding no secret', () => {
    expect(redactText('the CVC2 = 123 was typed')).toBe('the CVC2 = ••• was typed');
    expect(redactText('Authorization: Digest dXNlcjpwYXNz')).toBe('Authorization: Digest ••••YXNz');
    expect(redactText('sent BASIC\tdXNlcjpwYXNz')).toBe('sent BASIC\tdXNlcjpwYXNz');
  });
});

describe('card data through the SDK', () => {
  let server: Awaited<ReturnType<typeof startFaultServer>>;
  let sender: RequestSender;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startFaultServer();
    sender = new RequestSender({ totalTimeoutMs: 1_000, connectTimeoutMs: 1_000 });
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await sender.close();
    await server.close();
  });
  afterEach(() => server.reset());

  it('sends the card data to the gateway, and keeps at most first 6 + last 4 (no CVV) everywhere else', async () => {
    const client = new GatewayClient(sender);
    const order = {
      ...orderA('card-order'),
      extendedInfo: [
        { key: 'cardNumber', value: PAN_SPACED },
        { key: 'cvv', value: CVV },
      ],
    };
    // The gateway echoes the card back, once as text and once as a JSON number.
    server.next({
      kind: 'answer',
      status: 200,
      body: `{"returnStatus":{"statusCode":"000"},"transactionID":"s2card","echo":"${PAN_SPACED}","pan":${PAN},"cvv":"${CVV}"}`,
    });
    const created = await client.createOrder(connectionTo(server.url), order);
    server.next({
      kind: 'answer',
      status: 400,
      body: { returnStatus: { statusCode: 'E0101', statusDescription: `bad cvv ${CVV} for ${PAN}` } },
    });
    const action = await client.performAction(connectionTo(server.url), {
      transactionId: 's2card',
      url: `${server.url}/card/purchase`,
      params: [
        { name: 'pan', value: PAN },
        { name: 'cvv', value: CVV },
      ],
      signature: null,
    });
    logger.error('gateway said', new Error(`card ${PAN_SPACED} cvv ${CVV}`));

    // What the gateway received is the real thing: masking happens after sending.
    expect(server.seen[0]?.body).toContain(PAN_SPACED);
    expect(server.seen[1]?.body).toContain(CVV);
    // Timings and ids are left out: a duration such as 3.673911 ms would contain the CVV's digits by chance.
    const withoutTimings = ({ timings: _timings, id: _id, ...rest }: typeof created.exchange) => rest;
    const visible =
      JSON.stringify([
        withoutTimings(created.exchange),
        created.response,
        withoutTimings(action.exchange),
        action.response,
      ]) + lines.join('');
    expect(visible).toContain(PAN_MASKED);
    for (const leak of [PAN, PAN_SPACED, '4111-1111']) expect(visible).not.toContain(leak);
    expect(visible).not.toContain(CVV);
    expect(created.response).toMatchObject({ pan: PAN_MASKED, echo: PAN_MASKED, cvv: '•••' });
  });
});
