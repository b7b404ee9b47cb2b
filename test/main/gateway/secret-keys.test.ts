/**
 * A secret echoed as a JSON key or a header name (security review, issue 28): the masked answer and the
 * Exchange (what the renderer, the event feed and the history get) carry it masked, never in clear; an
 * ordinary key that only shares some characters with a secret is kept as the gateway wrote it.
 */
import { describe, expect, it } from 'vitest';
import { withSecretKeysMasked } from '../../../src-main/common/masked-keys';
import { GatewayClient, type CallResult } from '../../../src-main/gateway';
import { useFaultGateway } from './fault-gateway';
import { CLIENT_ID, connectionTo, TOKEN } from './fixtures';

const hex = (text: string) => Buffer.from(text).toString('hex');
const base64 = (text: string) => Buffer.from(text).toString('base64');
/** Nine characters of the token: an echoed run, not the token. */
const SHARES_A_RUN = `${TOKEN.slice(0, 9)}count`;

const gateway = useFaultGateway();

async function statusAnswering(body: string, headers: Record<string, string> = {}): Promise<CallResult> {
  gateway.server.next({ kind: 'answer', status: 200, body, headers });
  return new GatewayClient(gateway.sender).getStatus(connectionTo(gateway.server.url), 'id-keys');
}

/** Every spelling of the token and client id the maskers know, lower-cased. */
const SPELLINGS = [TOKEN, CLIENT_ID, base64(TOKEN), hex(CLIENT_ID)].map((text) => text.toLowerCase());
/** The spellings found in what a call hands on: the Exchange (the event, history) and the masked answer. */
const leaks = ({ exchange, response }: CallResult): string[] => {
  const text = JSON.stringify({ exchange, response }).toLowerCase();
  return SPELLINGS.filter((spelling) => text.includes(spelling));
};

describe('secrets echoed as keys and header names', () => {
  it('hands on no token or client id as a key of the answer or a response header name', async () => {
    const result = await statusAnswering(
      JSON.stringify({
        returnStatus: { statusCode: '000', statusMsg: 'Success' },
        transactionID: 'id-keys',
        paymentStatus: 'Pending',
        [TOKEN]: 'the token as a key',
        nested: { [`seen-${base64(TOKEN)}`]: 1, list: [{ [TOKEN.toUpperCase()]: true }] },
        [SHARES_A_RUN]: 'an ordinary key',
      }),
      { [TOKEN]: 'the token as a header name', [`x-${hex(CLIENT_ID)}`]: 'hex client id', 'x-region': 'eu' },
    );
    expect(leaks(result)).toEqual([]);
    const answer = result.response as Record<string, unknown>;
    expect(answer['••••CRET']).toBe('the token as a key');
    expect(answer[SHARES_A_RUN]).toBe('an ordinary key');
    expect(answer.transactionID).toBe('id-keys');
    expect(Object.values(answer.nested as object)).toEqual([1, [{ '••••CRET': true }]]);
    const headers = result.exchange.response!.headers;
    // Its value is masked whole too: a header named like a token is read as a credential header.
    expect(Object.keys(headers)).toContain('••••cret');
    expect(headers['x-region']).toBe('eu');
    expect(Object.values(headers)).toContain('hex client id');
  });

  it('keeps every entry when masked keys meet each other or a key already spelled like a mask', async () => {
    const result = await statusAnswering(
      JSON.stringify({
        transactionID: 'id-keys',
        '••••CRET': 'spelled like a mask',
        [TOKEN]: 'first',
        [TOKEN.toLowerCase()]: 'second',
        ['__proto__']: 'an own field',
      }),
    );
    expect(leaks(result)).toEqual([]);
    const answer = result.response as Record<string, unknown>;
    expect(Object.keys(answer)).toHaveLength(5);
    expect(Object.values(answer)).toEqual(['id-keys', 'spelled like a mask', 'first', 'second', 'an own field']);
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(Object.hasOwn(answer, '__proto__')).toBe(true);
  });
});

describe('withSecretKeysMasked', () => {
  const secrets = ['abcdefgh12345678'];

  it('never gives a reserved name or a taken key, and never keeps the secret when the masker misses it', () => {
    const masked = withSecretKeysMasked(
      [
        ['x-abcdefgh12345678', 1],
        ['__proto__', 2],
        ['ABCDEFGH12345678', 3],
      ],
      secrets,
      () => '__proto__',
    );
    expect(Object.keys(masked)).toEqual(['__proto__ 2', '__proto__', '__proto__ 3']);
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    const missed = withSecretKeysMasked([['abcdefgh12345678', 1]], secrets, (key) => key);
    expect(masked).not.toHaveProperty('abcdefgh12345678');
    expect(missed).toEqual({ '••••': 1 });
  });

  it('leaves keys sharing only part of a secret as they are', () => {
    const entries: Array<[string, number]> = [
      ['abcdefgh1234', 1],
      ['transactionID', 2],
    ];
    expect(withSecretKeysMasked(entries, secrets, () => 'masked')).toEqual({ abcdefgh1234: 1, transactionID: 2 });
  });
});
