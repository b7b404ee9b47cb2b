/**
 * What the SDK's redaction masks (design rule 5): the call's credentials and signatures in every spelling,
 * secret fields by name (transactionSignature, actionToken), credential-like headers outside the clear
 * list, card data — in the Exchange and in the answer handed back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCardRun, isCardClean, redactCardData } from '@shared/card-data';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { redactText, registerSecret } from '../../../src-main/common/redact-text';
import { CallRedactor } from '../../../src-main/gateway/redaction';
import { startFaultServer } from '../../support/fault-server';
import { CLIENT_ID, connectionTo, TOKEN } from './fixtures';

const redactor = () => new CallRedactor({ credentials: [TOKEN, CLIENT_ID] }, 'X-Platform-Client-Id');

describe('card pre-check', () => {
  const fragment = fc.oneof(
    fc.constantFrom('4111 1111 1111 1111', '4111-1111-1111-1111', '5500000000000004', '4111 1111 1111 111'),
    fc.constantFrom('2026-11-22T00:12:09.288Z', '1000001', ' ', '-', '  ', '--', '"', 'a', '.', ':'),
    fc.stringMatching(/^[0-9 -]{0,20}$/),
  );
  const text = fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join(''));

  it('never calls text clean that card redaction would change', () => {
    fc.assert(
      fc.property(text, (value) => {
        if (isCardClean(value)) expect(redactCardData(value)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('probing every 13th character finds exactly the runs a walk over every character finds', () => {
    // The plain walk hasCardRun replaced: one state machine over the whole text.
    const walk = (value: string): boolean => {
      let digits = 0;
      let separators = 0;
      for (const char of value) {
        if (char >= '0' && char <= '9') {
          digits = separators > 1 ? 1 : digits + 1;
          separators = 0;
          if (digits >= 13) return true;
        } else if ((char === ' ' || char === '-') && digits > 0) separators += 1;
        else [digits, separators] = [0, 0];
      }
      return false;
    };
    // Runs of exactly 13 characters at every offset are the ones a wider stride would step over.
    const shortest = fc.constantFrom('5500000000000', '1-2-3-4-5-6-7', 'x', 'ab', 'abcdefghijkl');
    const long = fc.array(fc.oneof(fragment, shortest), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(long, (value) => {
        expect(hasCardRun(value)).toBe(walk(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds 13 digits with single spaces or dashes, not runs broken by two separators or a letter', () => {
    expect(hasCardRun('pay 4111 1111 1111 1111 now')).toBe(true);
    expect(hasCardRun('4111-1111-1111-1')).toBe(true);
    expect(hasCardRun('411111111111')).toBe(false);
    expect(hasCardRun('4111  1111 1111 1111')).toBe(false);
    expect(hasCardRun('2026-11-22T00:12:09.288Z 1000001')).toBe(false);
  });
});

describe('headers', () => {
  it('masks a secret echoed in one of several headers and leaves the others as they were', () => {
    const headers = redactor().headers({
      'content-type': 'application/json',
      'x-echo': `seen ${TOKEN}`,
      Authorization: `Bearer ${TOKEN}`,
      'X-Platform-Client-Id': CLIENT_ID,
    });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'x-echo': `seen ••••${TOKEN.slice(-4)}`,
      Authorization: `Bearer ••••${TOKEN.slice(-4)}`,
      'X-Platform-Client-Id': `••••${CLIENT_ID.slice(-4)}`,
    });
  });

  it('masks every credential-looking header, not a list of known ones; keeps the clear list readable', () => {
    const headers = redactor().headers({
      'X-Api-Key': 'ak_live_51HxZ2eKk9',
      'Set-Cookie': 'session=abc123; HttpOnly',
      'X-Gateway-Session': 'short',
      'X-Trace': '3f9c1a7b5e2d4c6a8b0e',
      'Content-Type': 'application/json',
      'Retry-After': '2',
      Date: 'Tue, 24 Nov 2026 12:00:00 GMT',
      'X-Region': 'eu-west',
    });
    expect(headers).toEqual({
      'X-Api-Key': '••••eKk9',
      'Set-Cookie': '••••Only',
      'X-Gateway-Session': '••••hort',
      'X-Trace': '••••8b0e',
      'Content-Type': 'application/json',
      'Retry-After': '2',
      Date: 'Tue, 24 Nov 2026 12:00:00 GMT',
      'X-Region': 'eu-west',
    });
  });
});

describe('secrets in other spellings', () => {
  const spellings = (secret: string) => ({
    base64: Buffer.from(secret).toString('base64'),
    base64url: Buffer.from(secret).toString('base64url'),
    url: encodeURIComponent(secret),
    hex: Buffer.from(secret).toString('hex'),
    HEX: Buffer.from(secret).toString('hex').toUpperCase(),
    upper: secret.toUpperCase(),
    lower: secret.toLowerCase(),
  });

  it.each(Object.entries(spellings(TOKEN)))('masks the bearer token echoed %s-encoded', (_name, spelled) => {
    const masked = redactor().text(`{"echo":"${spelled}"}`);
    expect(masked).not.toContain(spelled);
    expect(masked).toMatch(/"echo":"••••/);
  });

  it('masks a registered secret (e.g. a webhook secret) in free text in every spelling', () => {
    const webhook = 'whsec-Registered-0123456789';
    registerSecret(webhook);
    for (const spelled of Object.values(spellings(webhook)))
      expect(redactText(`log line ${spelled} end`)).not.toContain(spelled);
  });
});

describe('secret fields by name', () => {
  it('masks an actionToken as a field and as a {name, value} param, in text and in parsed JSON', () => {
    const answer = {
      returnStatus: { statusCode: '000' },
      actionResponse: {
        type: 'THREEDS_METHOD',
        data: { url: 'https://g/x', params: [{ name: 'actionToken', value: 'at-4d1f9a7c2e5b' }] },
      },
      actionToken: 'at-4d1f9a7c2e5b',
    };
    const text = redactor().text(JSON.stringify(answer));
    expect(text).not.toContain('at-4d1f9a7c2e5b');
    expect(JSON.parse(text)).toMatchObject({ actionToken: '••••2e5b' });
    const json = JSON.stringify(redactor().json(answer));
    expect(json).not.toContain('at-4d1f9a7c2e5b');
    expect(json).toContain('"value":"••••2e5b"');
  });
});

describe('the answer handed back', () => {
  let server: Awaited<ReturnType<typeof startFaultServer>>;
  let sender: RequestSender;
  let client: GatewayClient;
  beforeAll(async () => {
    server = await startFaultServer();
    sender = new RequestSender({ totalTimeoutMs: 1000, connectTimeoutMs: 1000 });
    client = new GatewayClient(sender);
  });
  afterAll(async () => {
    await sender.close();
    await server.close();
  });

  it('masks a token the gateway spelled with JSON escapes, which the text check cannot see', async () => {
    const escaped = `\\u0074${TOKEN.slice(1).replace('_', '\\u005f')}`;
    server.next({
      kind: 'answer',
      status: 200,
      body: `{"returnStatus":{"statusCode":"000"},"paymentStatus":"Pending","echo":"${escaped}"}`,
      headers: { 'content-type': 'application/json' },
    });
    const { exchange, response } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.classification).toBe('ok');
    expect(JSON.stringify(response)).not.toContain(TOKEN);
    expect(response).toMatchObject({ paymentStatus: 'Pending', echo: `••••${TOKEN.slice(-4)}` });
    // The raw text keeps its shape but not the secret, however it was spelled.
    const bodyText = exchange.response?.bodyText ?? '';
    expect(bodyText).not.toContain(escaped);
    expect(JSON.parse(bodyText)).toMatchObject({ paymentStatus: 'Pending', echo: `••••${TOKEN.slice(-4)}` });
  });

  it('masks a credential echoed into returnStatus and the ids of the Exchange', async () => {
    server.next({
      kind: 'answer',
      status: 200,
      body: { returnStatus: { statusCode: '000', statusMsg: `ok ${CLIENT_ID}` }, transactionID: CLIENT_ID },
    });
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.returnStatus?.statusMsg).toBe(`ok ••••${CLIENT_ID.slice(-4)}`);
    expect(exchange.transactionID).toBe(`••••${CLIENT_ID.slice(-4)}`);
    expect(JSON.stringify(exchange)).not.toContain(CLIENT_ID);
  });
});
