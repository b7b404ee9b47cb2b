/**
 * What the SDK's redaction masks (architecture rule 5): the call's credentials and signatures in every spelling,
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
import { CLIENT_ID, connectionTo, orderA, TOKEN } from './fixtures';

const redactor = () => new CallRedactor({ credentials: [TOKEN, CLIENT_ID] }, 'X-Platform-Client-Id');
/** A header map and a parsed body masked as the sender masks them: the structural step, then the text. */
const maskHeaders = (headers: Record<string, string>) => {
  const calls = redactor();
  return calls.mask(calls.credentialHeaders(headers));
};
const maskJson = (value: unknown) => {
  const calls = redactor();
  return calls.mask(calls.parsed(value));
};

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
    const headers = maskHeaders({
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
    const headers = maskHeaders({
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
    const json = JSON.stringify(maskJson(answer));
    expect(json).not.toContain('at-4d1f9a7c2e5b');
    expect(json).toContain('"value":"••••2e5b"');
  });
});

/** A client calling a fault server, started for the describe block that asks for it. */
function faultServerClient() {
  const call = {} as {
    server: Awaited<ReturnType<typeof startFaultServer>>;
    sender: RequestSender;
    client: GatewayClient;
  };
  beforeAll(async () => {
    call.server = await startFaultServer();
    call.sender = new RequestSender({ totalTimeoutMs: 1000, connectTimeoutMs: 1000 });
    call.client = new GatewayClient(call.sender);
  });
  afterAll(async () => {
    await call.sender.close();
    await call.server.close();
  });
  return call;
}

describe('the answer handed back', () => {
  const call = faultServerClient();
  /** The gateway's next answer: a Pending status that echoes `text` in a field of its own. */
  const answerEchoing = (text: string) =>
    call.server.next({
      kind: 'answer',
      status: 200,
      body: `{"returnStatus":{"statusCode":"000"},"paymentStatus":"Pending","echo":"${text}"}`,
      headers: { 'content-type': 'application/json' },
    });

  it('masks a token the gateway spelled with JSON escapes, which the text check cannot see', async () => {
    const escaped = `\\u0074${TOKEN.slice(1).replace('_', '\\u005f')}`;
    answerEchoing(escaped);
    const { exchange, response } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    expect(exchange.classification).toBe('ok');
    expect(JSON.stringify(response)).not.toContain(TOKEN);
    expect(response).toMatchObject({ paymentStatus: 'Pending', echo: `••••${TOKEN.slice(-4)}` });
    // The raw text keeps its shape but not the secret, however it was spelled.
    const bodyText = exchange.response?.bodyText ?? '';
    expect(bodyText).not.toContain(escaped);
    expect(JSON.parse(bodyText)).toMatchObject({ paymentStatus: 'Pending', echo: `••••${TOKEN.slice(-4)}` });
  });

  it('masks a token spelled wholly in \\u escapes, where no piece of it can be read as written', async () => {
    const escaped = [...TOKEN].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    answerEchoing(escaped);
    const { exchange, response } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    expect(JSON.stringify(response)).not.toContain(TOKEN);
    expect(response).toMatchObject({ paymentStatus: 'Pending', echo: `••••${TOKEN.slice(-4)}` });
    const bodyText = exchange.response?.bodyText ?? '';
    expect(bodyText).not.toContain(escaped);
    expect(JSON.parse(bodyText)).toMatchObject({ echo: `••••${TOKEN.slice(-4)}` });
  });

  it('masks a credential echoed into returnStatus and the ids of the Exchange', async () => {
    call.server.next({
      kind: 'answer',
      status: 200,
      body: { returnStatus: { statusCode: '000', statusMsg: `ok ${CLIENT_ID}` }, transactionID: CLIENT_ID },
    });
    const { exchange } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    expect(exchange.returnStatus?.statusMsg).toBe(`ok ••••${CLIENT_ID.slice(-4)}`);
    expect(exchange.transactionID).toBe(`••••${CLIENT_ID.slice(-4)}`);
    expect(JSON.stringify(exchange)).not.toContain(CLIENT_ID);
  });
});

/** Every string in a value, keys included: where a leak would show. */
const stringsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
};
const spellingsOf = (secret: string) => [
  secret,
  Buffer.from(secret).toString('base64').replace(/=+$/, ''),
  Buffer.from(secret).toString('base64url'),
  encodeURIComponent(secret),
  Buffer.from(secret).toString('hex'),
];
const leaksIn = (value: unknown, secrets: string[]): string[] =>
  stringsOf(value).filter((text) =>
    secrets.some((secret) => spellingsOf(secret).some((spelled) => text.toLowerCase().includes(spelled.toLowerCase()))),
  );

describe("a call's record, masked in one pass", () => {
  const call = faultServerClient();
  const last4 = (secret: string) => `••••${secret.slice(-4)}`;

  it('masks a secret echoed in a header, a nested string, the ids, the summary and a conformance note', async () => {
    // A token with slashes: a JSON encoder may write them `\/`, and its URL-encoded spelling differs.
    const token = 'tok/live/0123456789abcdef+Z9';
    const base64 = Buffer.from(token).toString('base64');
    const hex = Buffer.from(token).toString('hex').toUpperCase();
    call.server.next({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json', 'x-echo': `seen ${hex}`, 'x-request-id': base64 },
      body: JSON.stringify({
        returnStatus: { statusCode: '000', statusMsg: `ok ${encodeURIComponent(CLIENT_ID)}` },
        // Quoted by the summary and by the "Unknown paymentStatus" conformance note.
        paymentStatus: Buffer.from(token).toString('base64url'),
        transactionID: 's2abc',
        merchant: { merchantTransactionId: CLIENT_ID },
        details: { list: [{ note: `nested ${token.toUpperCase()}` }, 7, true, null] },
        link: `https://gw.example/${encodeURIComponent(token)}`,
      }).replace('"link":"https:', `"escaped":"${token.replaceAll('/', '\\/')}","link":"https:`),
    });
    const { exchange, response } = await call.client.getStatus(
      connectionTo(call.server.url, { bearerToken: token }),
      's2abc',
    );
    expect(exchange.classification).toBe('ok');
    expect(leaksIn(exchange, [token, CLIENT_ID])).toEqual([]);
    expect(leaksIn(response, [token, CLIENT_ID])).toEqual([]);
    expect(exchange.response?.headers['x-echo']).toBe(`seen ${last4(hex)}`);
    expect(exchange.response?.headers['x-request-id']).toBe(last4(base64));
    expect(exchange.summary).toMatch(/^statusCode 000, paymentStatus ••••/);
    expect(exchange.conformanceNotes).toContainEqual({
      path: 'paymentStatus',
      message: expect.stringMatching(/^Unknown paymentStatus "••••.{4}"\.$/),
    });
    expect(exchange.returnStatus?.statusMsg).toBe(`ok ${last4(encodeURIComponent(CLIENT_ID))}`);
    expect(exchange.merchantTransactionId).toBe(last4(CLIENT_ID));
    // Structure and the values that are not secrets are kept.
    expect(exchange.transactionID).toBe('s2abc');
    expect(response).toMatchObject({
      transactionID: 's2abc',
      details: { list: [{ note: `nested ${last4(token.toUpperCase())}` }, 7, true, null] },
      escaped: last4(token),
      link: `https://gw.example/${last4(encodeURIComponent(token))}`,
    });
    expect(JSON.parse(exchange.response?.bodyText ?? '')).toMatchObject({
      transactionID: 's2abc',
      escaped: last4(token),
    });
  });

  it('decodes a literal whose last escape is an escaped quote: a \\u-spelled token before it is masked', async () => {
    const spelled = `\\u0074${TOKEN.slice(1)}`;
    call.server.next({
      kind: 'answer',
      status: 200,
      body: `{"returnStatus":{"statusCode":"000"},"transactionID":"s2abc","echo":"${spelled} said \\"hi\\""}`,
    });
    const { exchange, response } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    expect(exchange.response?.bodyText).not.toContain(spelled);
    expect(JSON.parse(exchange.response?.bodyText ?? '')).toMatchObject({ echo: `${last4(TOKEN)} said "hi"` });
    expect(response).toMatchObject({ echo: `${last4(TOKEN)} said "hi"` });
  });

  it('masks a signature and an action token learned from the answer wherever else the answer echoes them', async () => {
    const signature = 'sig-NEW-0f1e2d3c4b5a69788796';
    const actionToken = 'at-9c8b7a6f5e4d3c2b1a00';
    call.server.next({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json', 'x-echo': `sig ${signature}` },
      body: {
        returnStatus: { statusCode: '000', statusDescription: `created with ${signature}` },
        transactionID: 's2new',
        transactionSignature: signature,
        paymentMethodList: ['MBWAY'],
        expiry: '2026-12-01T00:00:00Z',
        execution: { note: Buffer.from(signature).toString('hex'), again: Buffer.from(actionToken).toString('base64') },
        actionResponse: {
          type: 'X',
          data: { url: 'https://g/x', params: [{ value: actionToken, name: 'actionToken' }] },
        },
        merchant: { merchantTransactionId: 'm-1', echo: [`token ${actionToken}`] },
      },
    });
    const created = await call.client.createOrder(connectionTo(call.server.url), orderA('m-1'));
    expect(created.exchange.classification).toBe('ok');
    // main keeps the real ones; nothing it hands out carries them.
    expect(created.transactionSignature).toBe(signature);
    expect(created.actionTokens).toEqual([actionToken]);
    expect(leaksIn(created.exchange, [signature, actionToken])).toEqual([]);
    expect(leaksIn(created.response, [signature, actionToken])).toEqual([]);
    expect(created.response).toMatchObject({
      transactionSignature: last4(signature),
      actionResponse: { data: { params: [{ value: last4(actionToken), name: 'actionToken' }] } },
      merchant: { echo: [`token ${last4(actionToken)}`] },
    });
    expect(created.exchange.response?.headers['x-echo']).toBe(`sig ${last4(signature)}`);
    expect(created.exchange.returnStatus?.statusDescription).toBe(`created with ${last4(signature)}`);
  });

  it('removes card data from the parsed answer, the returnStatus and the body text', async () => {
    const pan = '4111111111111111';
    call.server.next({
      kind: 'answer',
      status: 200,
      body:
        `{"returnStatus":{"statusCode":"000","statusMsg":"card ${pan} cvv 123"},"transactionID":"s2abc",` +
        `"card":{"pan":${pan},"spaced":"4111 1111 1111 1111","cvv":"987"},"extendedInfo":[{"key":"cvv","value":654}]}`,
    });
    const { exchange, response } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    const { timings: _timings, id: _id, ...record } = exchange;
    const visible = JSON.stringify([record, response]);
    for (const leak of [pan, '4111 1111 1111 1111', '987', '654', 'cvv 123']) expect(visible).not.toContain(leak);
    expect(response).toMatchObject({
      card: { pan: '411111••••••1111', spaced: '411111••••••1111', cvv: '•••' },
      extendedInfo: [{ key: 'cvv', value: '•••' }],
    });
    expect(exchange.returnStatus?.statusMsg).toBe('card 411111••••••1111 cvv •••');
  });

  it('masks string by string when a secret spelling straddles the JSON syntax of the record', async () => {
    // The serialised record holds `"paymentStatus":"Pending","transactionID":"s2abc"`: masking this token
    // there would cut through a key and leave text that is no longer JSON.
    const token = 'Pending","transactionID';
    call.server.next({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json', 'x-echo': `seen ${token}` },
      body: {
        returnStatus: { statusCode: '000', statusMsg: `echo ${Buffer.from(token).toString('base64')}` },
        paymentStatus: 'Pending',
        transactionID: 's2abc',
        nested: { list: [`token ${token} here`] },
      },
    });
    const { exchange, response } = await call.client.getStatus(
      connectionTo(call.server.url, { bearerToken: token }),
      's2abc',
    );
    // Nothing lost: the fields the token's spelling ran across are all there, with their values.
    expect(exchange).toMatchObject({ classification: 'ok', paymentStatus: 'Pending', transactionID: 's2abc' });
    expect(response).toMatchObject({ paymentStatus: 'Pending', transactionID: 's2abc' });
    // Nothing leaked: every echo of the token is masked.
    expect(leaksIn(exchange, [token])).toEqual([]);
    expect(leaksIn(response, [token])).toEqual([]);
    expect(response).toMatchObject({ nested: { list: [`token ${last4(token)} here`] } });
    expect(exchange.response?.headers['x-echo']).toBe(`seen ${last4(token)}`);
    expect(exchange.request.headers.Authorization).toBe(`Bearer ${last4(token)}`);
  });
});

describe('CallRedactor.mask', () => {
  it('falls back to masking each string when the masked text is no longer JSON', () => {
    const secret = 'end","next';
    const redactor = new CallRedactor({ credentials: [secret] }, 'X-Platform-Client-Id');
    const record = {
      a: 'the end',
      next: 'x',
      inside: `has ${secret} inside`,
      deeper: { list: [`hex ${Buffer.from(secret).toString('hex')}`, 12, false] },
    };
    // The case itself: masked as one text, the spelling across `"a"`'s end and the key `next` breaks the JSON.
    expect(() => JSON.parse(redactor.text(JSON.stringify(record)))).toThrow();
    expect(redactor.mask(record)).toEqual({
      a: 'the end',
      next: 'x',
      inside: 'has ••••next inside',
      deeper: { list: [`hex ••••${Buffer.from(secret).toString('hex').slice(-4)}`, 12, false] },
    });
  });

  it('falls back too when the masked text is still JSON but of another shape', () => {
    const secret = '1","b":"tail';
    const redactor = new CallRedactor({ credentials: [secret] }, 'X-Platform-Client-Id');
    const record = { a: 'x1', b: 'tail', c: `say ${secret}` };
    // Masked as one text, `"a":"x1","b":"tail"` becomes `"a":"x••••tail"`: valid JSON, `b` gone.
    expect(Object.keys(JSON.parse(redactor.text(JSON.stringify(record))) as object)).toEqual(['a', 'c']);
    expect(redactor.mask(record)).toEqual({ a: 'x1', b: 'tail', c: 'say ••••tail' });
  });

  it('keeps every key, number and boolean, and leaves no spelling of a secret in any string', () => {
    const secret = 'sk_Test-7Hq2/Lm9+Zx';
    // JSON escapes this one's quote and backslash: in the record's text only the decoded literal shows it.
    const quoted = 'q"uo\\te-Secret9';
    const redactor = new CallRedactor({ credentials: [secret, quoted] }, 'X-Platform-Client-Id');
    const piece = fc.oneof(
      fc.constantFrom(...spellingsOf(secret), secret.toUpperCase(), quoted, '","', '"', '\\', ':', '{', '}', '/', ' '),
      fc.string({ maxLength: 6 }),
    );
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const record = fc.dictionary(
      fc.string({ maxLength: 5 }),
      fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 })),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(record, (value) => {
        const masked = redactor.mask(value);
        expect(Object.keys(masked)).toEqual(Object.keys(value));
        for (const key of Object.keys(value)) {
          const before = value[key];
          const after = masked[key];
          if (typeof before === 'string') expect(typeof after).toBe('string');
          else if (Array.isArray(before)) expect((after as unknown[]).length).toBe(before.length);
          else expect(after).toBe(before);
        }
        expect(leaksIn(Object.values(masked), [secret, quoted])).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('partial echoes of a secret (issue 25: a 20-character prefix or suffix of the token was shown in clear)', () => {
  const call = faultServerClient();
  // A run of 8 or more characters of a secret, however it is cut, must not reach anything the SDK hands out.
  const runsOf = (secret: string, length: number): string[] =>
    Array.from({ length: secret.length - length + 1 }, (_, start) => secret.slice(start, start + length));

  it('masks a 20-character prefix and suffix of the token and a middle of the client id in the Exchange and the answer', async () => {
    const prefix = TOKEN.slice(0, 20);
    const suffix = TOKEN.slice(-20);
    const middle = CLIENT_ID.slice(4, 14);
    call.server.next({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json', 'x-debug': `token starts ${prefix}` },
      body: JSON.stringify({
        returnStatus: { statusCode: '000', statusMsg: `token ends ${suffix}` },
        transactionID: 's2abc',
        paymentStatus: 'Pending',
        echo: `client ${middle}!`,
      }),
    });
    const { exchange, response } = await call.client.getStatus(connectionTo(call.server.url), 's2abc');
    const everything = JSON.stringify([exchange, response]);
    for (const run of [...runsOf(TOKEN, 8), ...runsOf(CLIENT_ID, 8)]) expect(everything).not.toContain(run);
    expect(exchange.returnStatus?.statusMsg).toBe('token ends ••••');
    expect(exchange.response?.headers['x-debug']).toBe('token starts ••••');
    expect(response).toMatchObject({ transactionID: 's2abc', paymentStatus: 'Pending', echo: 'client ••••!' });
    // The whole token still shows as the profile's "ends in" mask; the answer's body stays JSON.
    expect(JSON.parse(exchange.response?.bodyText ?? '')).toMatchObject({ echo: 'client ••••!' });
  });

  it('masks an echoed run of exactly 8 characters, in another letter case, but leaves a run of 7', () => {
    const secret = 'Zq7Rt2Lm9Xw4Pk8Vn3';
    expect(redactText(`a ${secret.slice(5, 13)} b`, [secret])).toBe('a •••• b');
    expect(redactText(`a ${secret.slice(5, 13).toLowerCase()} b`, [secret])).toBe('a •••• b');
    expect(redactText(`a ${secret.slice(5, 12)} b`, [secret])).toBe(`a ${secret.slice(5, 12)} b`);
  });

  it('masks an echoed run whose piece repeats itself (found by the property test: seed -1344534385)', () => {
    const secret = '0AAaA-a______aaAa__A_A';
    expect(redactText(`x ${secret.slice(5, 13)} y`, [secret])).toBe('x •••• y');
  });

  it('never leaves a run of 8 characters of any secret in text that quotes random cuts of it', () => {
    const secretArb = fc.stringMatching(/^[A-Za-z0-9_-]{12,48}$/);
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 8, max: 48 }), fc.stringMatching(/^[ :,"a-z]{0,6}$/)), {
          maxLength: 6,
        }),
        (secret, cuts) => {
          const text = cuts
            .map(([start, length, glue]) => {
              const from = start % (secret.length - 7);
              return `${glue}${secret.slice(from, Math.min(secret.length, from + length))}`;
            })
            .join('');
          const masked = redactText(text, [secret]);
          for (const run of runsOf(secret, 8)) expect(masked.toLowerCase()).not.toContain(run.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('masks every spelling and echoed run of several secrets at once, beside letters whose lower case differs', () => {
    // Masking first looks for all spellings and pieces of all secrets in one search of the lower-cased
    // text: whatever the searches one by one would mask, that search must find.
    const secretArb = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
    const spell = (secret: string) => [
      secret,
      secret.toUpperCase(),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('hex').toUpperCase(),
      encodeURIComponent(secret),
    ];
    fc.assert(
      fc.property(
        fc.array(secretArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('', ' ', '"', 'K', 'ß', 'Σ', 'İ', '•', 'é')), {
          maxLength: 6,
        }),
        (secrets, quotes) => {
          const text = quotes
            .map(([which, cut, glue]) => {
              const secret = secrets[which % secrets.length]!;
              const spellings = spell(secret);
              const from = cut % (secret.length - 7);
              return cut % 3 === 0 ? `${glue}${spellings[cut % spellings.length]}` : `${glue}${secret.slice(from)}`;
            })
            .join('');
          const masked = redactText(text, secrets).toLowerCase();
          for (const secret of secrets) {
            for (const spelled of spell(secret).slice(2)) expect(masked).not.toContain(spelled.toLowerCase());
            for (const run of runsOf(secret, 8)) expect(masked).not.toContain(run.toLowerCase());
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps JSON text parseable when an echoed run starts inside an escape', async () => {
    const token = 'abc/defgh/ijklmnop/qrstu';
    call.server.next({
      kind: 'answer',
      status: 200,
      body: `{"returnStatus":{"statusCode":"000"},"transactionID":"s2abc","echo":"x\\/defgh\\/ijkl"}`,
    });
    const { exchange, response } = await call.client.getStatus(
      connectionTo(call.server.url, { bearerToken: token }),
      's2abc',
    );
    expect(() => JSON.parse(exchange.response?.bodyText ?? '')).not.toThrow();
    expect(JSON.stringify(response)).not.toContain('defgh/ijkl');
    expect(exchange.response?.bodyText).not.toContain('defgh\\/ijkl');
  });
});
