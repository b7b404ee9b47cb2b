/**
 * "Your server's code" is safe by construction: whatever a gateway answer, a form, an imported History
 * file or a scenario put in a request, every value is data in the generated program. The snippets are
 * run for real — Node, Python, cURL (sh and bash) and PHP against a loopback listener that must receive
 * exactly the intended bytes, with no side effect and no environment value but the three credentials;
 * Java is compiled with javac; C# (no compiler here) is checked by its structure: the code around the
 * string literals never depends on the values, and each literal reads back as the value.
 */
import { originOf } from '@shared/origin';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { wellFormed } from '@shared/server-code/code-literals';
import { SNIPPET_ENV, snippetsFor } from '@shared/server-code/server-code';
import {
  compileJavaBatch,
  readCsharpLiteral,
  readJavaLiteral,
  runNodeBatch,
  runPythonBatch,
  runScript,
  snippetsOf,
  splitLiterals,
  startListener,
  type Listener,
  type Received,
} from './snippet-harness';

type SnippetExchange = Pick<Exchange, 'method' | 'url' | 'request'>;

const TOKEN = 'tok-Bearer-7f3a9c';
const CLIENT_ID = 'client-4b1e08';
const SIGNATURE = 'sig-d41d8c';
/** An environment variable no snippet may read; its value must never reach the listener. */
const CANARY_NAME = 'GC_CANARY';
const CANARY_VALUE = 'canary-value-5e9b2f61';

let listener: Listener;
let dir: string;
let canaryFile: string;
/** HOME for the snippets: a folder whose name appears in no value, so a read of it would show. */
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  listener = await startListener();
  dir = await mkdtemp(join(tmpdir(), 'gc-snippet-safety-'));
  canaryFile = join(dir, 'P');
  home = await mkdtemp(join(tmpdir(), 'gc-snippet-home-'));
  env = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    [SNIPPET_ENV.token]: TOKEN,
    [SNIPPET_ENV.clientId]: CLIENT_ID,
    [SNIPPET_ENV.signature]: SIGNATURE,
    [CANARY_NAME]: CANARY_VALUE,
    X: CANARY_VALUE,
  };
});
afterAll(async () => {
  await listener.close();
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/** Strings that end literals, open substitutions or name variables in one language or another. */
const hostilePieces = () => [
  "'",
  '"',
  '\\',
  '`',
  '$(',
  `$(touch ${canaryFile})`,
  `\`touch ${canaryFile}\``,
  '${',
  `\${${CANARY_NAME}}`,
  `$${CANARY_NAME}`,
  `__ENV_${CANARY_NAME}__`,
  '__ENV_X__',
  `x'__ENV_X__, pwn: import("child_process").then(m=>m.execSync("touch ${canaryFile}"))//`,
  `"+require("child_process").execSync("touch ${canaryFile}")+"`,
  `"""; __import__("os").system("touch ${canaryFile}"); """`,
  `{$_SERVER['${CANARY_NAME}']}`,
  '\\u0022',
  '\\u000a',
  '\\x27',
  '*/',
  '?>',
  '%s',
  'GATEWAY_BODY',
  '\nGATEWAY_BODY\n',
  '\nGATEWAY_B',
  '\nREQUEST_BODY',
  '\nG',
  '\u00a0',
  'é',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u001b[31m',
  '\u202e',
  '\u2028',
  '😀',
  '𝕏',
];

const hostileText = (pieces: string[], unit: 'grapheme' | 'binary') =>
  fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit, maxLength: 6 })), { maxLength: 8 })
    .map((parts) => parts.join(''));

/** Printable ASCII only (what an HTTP header can carry), never starting or ending with a space. */
const hostileHeaderValue = (pieces: string[]) =>
  hostileText(
    pieces.filter((piece) => /^[\x20-\x7e]+$/.test(piece)),
    'grapheme',
  )
    .map((text) => text.replace(/[^\x20-\x7e]/g, '').trim())
    .filter((text) => text.length > 0);

/** Characters of RFC 9110's token: the hostile ones among them are the point. */
const hostileHeaderName = fc
  .array(fc.constantFrom(..."!#$%&'*+.^_`|~-aZ09"), { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(''));

interface Case {
  exchange: SnippetExchange;
  expected: { method: string; target: string; headers: Record<string, string>; body: Buffer };
}

/** An exchange with hostile values everywhere, and what a correct snippet must send for it. */
const hostileCase = () => {
  const pieces = hostilePieces();
  return fc
    .record({
      post: fc.boolean(),
      path: hostileText(pieces, 'grapheme'),
      query: hostileText(pieces, 'grapheme'),
      extra: fc.array(fc.tuple(hostileHeaderName, hostileHeaderValue(pieces)), { maxLength: 3 }),
      digest: fc.boolean(),
      body: fc.oneof(
        hostileText(pieces, 'binary'),
        fc
          .dictionary(hostileText(pieces, 'grapheme'), hostileText(pieces, 'binary'), { maxKeys: 4 })
          .map((o) => JSON.stringify(o)),
      ),
    })
    .map(({ post, path, query, extra, digest, body }): Case => {
      // A dot segment in the path is refused (see the refusal test): here dots stay out of the path.
      const url = `${listener.url}/v2/payments/${path.replace(/\.|%(?=2e)/gi, '%25')}?q=${query}`;
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Authorization: `${digest ? 'Digest' : 'Bearer'} ••••${CANARY_VALUE.slice(-4)}`,
        'X-Client-Id': '••••08',
      };
      const expectedHeaders: Record<string, string> = {
        'content-type': 'application/json',
        authorization: digest ? `Digest ${SIGNATURE}` : `Bearer ${TOKEN}`,
        'x-client-id': CLIENT_ID,
      };
      for (const [i, [name, value]] of extra.entries()) {
        headers[`X-N${i}-${name}`] = value;
        expectedHeaders[`x-n${i}-${name}`.toLowerCase()] = value;
      }
      const sentBody = post && body !== '' ? body : null;
      const parsed = new URL(url);
      // What every client sends unchanged: the path and query with anything beyond RFC 3986's
      // unreserved and sub-delimiter characters (and a stray `%`) percent-encoded, unreserved ones decoded.
      const target = (parsed.pathname + parsed.search)
        .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) =>
          /[A-Za-z0-9\-._~]/.test(String.fromCharCode(parseInt(hex, 16)))
            ? String.fromCharCode(parseInt(hex, 16))
            : escape,
        )
        .replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,/:;=?@%]/g, (char) =>
          encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
        );
      return {
        exchange: { method: post ? 'POST' : 'GET', url, request: { headers, body: sentBody } },
        expected: {
          method: post ? 'POST' : 'GET',
          target,
          headers: expectedHeaders,
          body: Buffer.from(sentBody ?? '', 'utf8'),
        },
      };
    });
};

/** The listener got exactly the intended request, and nothing of the environment but the credentials. */
function expectIntended(received: Received | undefined, expected: Case['expected']) {
  expect(received, 'the snippet sent no request').toBeDefined();
  expect(received!.method).toBe(expected.method);
  expect(received!.target).toBe(expected.target);
  for (const [name, value] of Object.entries(expected.headers)) expect(received!.headers[name], name).toBe(value);
  expect(received!.body.equals(expected.body), `body ${JSON.stringify(received!.body.toString())}`).toBe(true);
  expect(received!.raw).not.toContain(CANARY_VALUE);
  expect(received!.raw).not.toContain(home);
}

/** Runs one snippet in a fresh process and checks the one request it sent. */
async function runOne(runner: 'sh' | 'bash' | 'node' | 'php', code: string, expected: Case['expected']) {
  const before = listener.received.length;
  const extension = { sh: 'sh', bash: 'sh', node: 'js', php: 'php' }[runner];
  await runScript(runner, join(dir, `snippet.${extension}`), code, { cwd: dir, env });
  expect(listener.received.length - before, 'requests sent').toBe(1);
  expectIntended(listener.received.at(-1), expected);
  expect(existsSync(canaryFile), 'the snippet ran code from a value').toBe(false);
}

/** The reported attack: a gateway's actionResponse param carried into the next request. */
const reportedAttack = (): SnippetExchange => {
  const value = `x'__ENV_X__, pwn: import("child_process").then(m=>m.execSync("touch ${canaryFile}"))//`;
  return {
    method: 'POST',
    url: `${listener.url}/v2/payments/abc/actions`,
    request: {
      headers: { 'Content-Type': 'application/json', Authorization: 'Digest ••••1234', 'X-Client-Id': '••••08' },
      body: JSON.stringify({ actionResponse: value }),
    },
  };
};

const expectedOf = (exchange: SnippetExchange): Case['expected'] => ({
  method: exchange.method,
  target: new URL(exchange.url).pathname,
  headers: { authorization: `Digest ${SIGNATURE}`, 'x-client-id': CLIENT_ID },
  body: Buffer.from(exchange.request.body ?? '', 'utf8'),
});

// Generous limits: these spawn interpreters and javac, and npm test runs them beside everything else.
const SPAWNING = { timeout: 300_000 };

describe("Your server's code: values are data (issue 25 §1 regressions)", SPAWNING, () => {
  it("defect: the __ENV_…__ clean-up ate the closing quote, so a gateway answer's value ran in the Node snippet", async () => {
    const exchange = reportedAttack();
    await runOne('node', snippetsOf(exchange).node, expectedOf(exchange));
  });

  it("defect: a body holding ' became an unquoted heredoc in the cURL snippet, so $(…) in it ran", async () => {
    const exchange = reportedAttack();
    exchange.request.body = JSON.stringify({ note: `it's $(touch ${canaryFile}) and \`touch ${canaryFile}\`` });
    const code = snippetsOf(exchange).curl;
    await runOne('sh', code, expectedOf(exchange));
    await runOne('bash', code, expectedOf(exchange));
    expect(code).toMatch(/<<'GATEWAY_BODY' \| curl /);
  });

  it('a body line that begins like the heredoc delimiter keeps every byte, under dash too', async () => {
    for (const body of ['GATEWAY_BODY\u00a0', '{\n"a":1\n}\nGé\nREQUEST_BODY\u00e9\nJSON_BODY', 'GATEWAY_BODY']) {
      const exchange = { ...reportedAttack() };
      exchange.request = { ...exchange.request, body };
      const code = snippetsOf(exchange).curl;
      await runOne('sh', code, expectedOf(exchange));
      await runOne('bash', code, expectedOf(exchange));
    }
  });

  it('defect: __ENV_ANY_NAME__ in any value became a read of that environment variable, in all six languages', async () => {
    const exchange = reportedAttack();
    exchange.request.headers['X-Note'] = `__ENV_${CANARY_NAME}__`;
    exchange.request.body = JSON.stringify({ description: `__ENV_${CANARY_NAME}__ __ENV_HOME__ __ENV_X__` });
    const snippets = snippetsOf(exchange);
    const expected = { ...expectedOf(exchange) };
    expected.headers = { ...expected.headers, 'x-note': `__ENV_${CANARY_NAME}__` };
    await runOne('sh', snippets.curl, expected);
    await runOne('node', snippets.node, expected);
    await runOne('php', snippets.php, expected);
    const before = listener.received.length;
    await runPythonBatch(join(dir), [snippets.python], { cwd: dir, env });
    expectIntended(listener.received[before], expected);
    // Java and C#: outside their string literals the code names no variable but the three credentials.
    for (const [code, read] of [
      [snippets.java, readJavaLiteral],
      [snippets.csharp, readCsharpLiteral],
    ] as const) {
      const { skeleton, literals } = splitLiterals(code, '"');
      expect(skeleton).not.toMatch(/GC_CANARY|HOME|\bX\b/);
      const reads = [...skeleton.matchAll(/(?:getenv|GetEnvironmentVariable|requireEnv)\(\$(\d+)\)/gi)];
      expect(reads.map((match) => read(literals[Number(match[1])]!)).sort()).toEqual([
        'GATEWAY_CLIENT_ID',
        'TRANSACTION_SIGNATURE',
      ]);
      // Every other read is the helper's own `getenv(name)`.
      expect(skeleton.match(/(?:getenv|GetEnvironmentVariable)\(/gi)).toHaveLength(1);
    }
  });

  it('defect: Java, C# and PHP snippets stopped compiling for such values (javac, php -l, C# literals read back)', async () => {
    const exchange = reportedAttack();
    exchange.request.headers['X-Note'] = `a'"\\$(id)\`{$x}`;
    exchange.request.body = `${exchange.request.body}\n\\u0022 "\u0000\r\n😀\u202e ${"'"}`;
    const snippets = snippetsOf(exchange);
    await compileJavaBatch(join(dir, 'java-regression'), [snippets.java]);
    await runScript('php', join(dir, 'lint.php'), snippets.php, { cwd: dir, env });
    const { literals } = splitLiterals(snippets.csharp, '"');
    expect(literals.map(readCsharpLiteral)).toContain(exchange.request.body);
    expect(literals.map(readCsharpLiteral)).toContain(`a'"\\$(id)\`{$x}`);
    const javaLiterals = splitLiterals(snippets.java, '"').literals.map(readJavaLiteral);
    expect(javaLiterals).toContain(exchange.request.body);
  });

  it('a snippet whose credential is not set stops with its name and sends nothing', async () => {
    const exchange = reportedAttack();
    const before = listener.received.length;
    const { [SNIPPET_ENV.signature]: _unset, ...without } = env;
    await expect(
      runScript('node', join(dir, 'unset.js'), snippetsOf(exchange).node, { cwd: dir, env: without }),
    ).rejects.toThrow(/TRANSACTION_SIGNATURE is not set/);
    await expect(
      runScript('sh', join(dir, 'unset.sh'), snippetsOf(exchange).curl, { cwd: dir, env: without }),
    ).rejects.toThrow(/TRANSACTION_SIGNATURE/);
    expect(listener.received.length).toBe(before);
  });

  it("a profile's client-id header of any name (masked whole by the SDK) reads GATEWAY_CLIENT_ID", async () => {
    const exchange = reportedAttack();
    exchange.request.headers = {
      'Content-Type': 'application/json',
      'X-Merchant': '••••e08',
      Authorization: 'Digest ••••1234',
    };
    const expected = expectedOf(exchange);
    expected.headers = { 'x-merchant': CLIENT_ID, authorization: `Digest ${SIGNATURE}` };
    await runOne('node', snippetsOf(exchange).node, expected);
  });

  it('a request no client can send as recorded gets no code, and says which part is wrong', () => {
    const base = reportedAttack();
    const refused = (exchange: SnippetExchange) => {
      const result = snippetsFor(exchange, originOf(exchange.url));
      return result.ok ? null : result.error;
    };
    expect(refused({ ...base, url: `javascript:alert(1)` })?.code).toBe('server-code.url');
    for (const path of ['/v2/payments/%2E%2E/%2e%2e/refunds', '/v2/./payments', '/v2/payments/..', '/v2\\..\\x'])
      expect(refused({ ...base, url: `${listener.url}${path}` })?.code, path).toBe('server-code.url');
    expect(refused({ ...base, url: `${listener.url}/v2/payments/a%2E%2Eb/..x?q=/../` })).toBeNull();
    expect(refused({ ...base, method: 'POST /x HTTP/1.1\r\n' })?.code).toBe('server-code.method');
    expect(refused({ ...base, request: { ...base.request, headers: { 'X-Note': 'a\r\nX-Injected: 1' } } })).toEqual(
      expect.objectContaining({
        code: 'server-code.header-value',
        details: { reason: 'header-value', name: 'X-Note' },
      }),
    );
    expect(refused({ ...base, request: { ...base.request, headers: { 'Bad Name': 'a' } } })?.code).toBe(
      'server-code.header-name',
    );
  });
});

describe("Your server's code: credentials go only to their profile's origin (issue 25 §1/§2)", () => {
  it("defect: an imported record's URL on another host made the snippet send GATEWAY_TOKEN there", () => {
    const exchange = reportedAttack();
    const elsewhere = { ...exchange, url: 'https://collector.example/v2/payments/abc/actions' };
    const result = snippetsFor(elsewhere, originOf(listener.url));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      code: 'server-code.credential-origin',
      details: { name: 'https://collector.example:443' },
    });
    // A record naming no profile of this console reads no credential either.
    expect(snippetsFor(exchange, null).ok).toBe(false);
  });

  it('a request that carries no credential is written whatever its host (nothing of the user is read)', () => {
    const exchange = reportedAttack();
    const anonymous = {
      ...exchange,
      request: { ...exchange.request, headers: { 'Content-Type': 'application/json' } },
    };
    const result = snippetsFor({ ...anonymous, url: 'https://shop.example/webhook' }, null);
    expect(result.ok).toBe(true);
    if (result.ok)
      for (const snippet of result.value) expect(snippet.code).not.toMatch(/GATEWAY_TOKEN|TRANSACTION_SIGNATURE/);
  });
});

describe('issue 27 (onboarding): every snippet is complete and paste-and-run', SPAWNING, () => {
  it('defect: the Java snippet had no imports or class — it compiles with javac as generated', async () => {
    const code = snippetsOf(reportedAttack()).java;
    expect(code).toMatch(/^import java\.net\.http\.HttpClient;$/m);
    expect(code).toMatch(/public static void main\(String\[\] args\)/);
    await compileJavaBatch(join(dir, 'java-complete'), [code]);
  });

  it('a body longer than a Java constant may be (65535 bytes) still compiles', async () => {
    const exchange = reportedAttack();
    exchange.request.body = JSON.stringify({ description: '€"\\'.repeat(30_000) });
    const code = snippetsOf(exchange).java;
    await compileJavaBatch(join(dir, 'java-long'), [code]);
    const literals = splitLiterals(code, '"').literals.map(readJavaLiteral);
    expect(literals.slice(0, -1).join('')).toContain(exchange.request.body);
  });

  it('C# is a whole console program (usings, class, Main) and PHP opens with <?php and lints', async () => {
    const snippets = snippetsOf(reportedAttack());
    expect(snippets.csharp).toMatch(/^using System;\nusing System\.Net\.Http;/);
    expect(snippets.csharp).toMatch(/^class GatewayRequest\n\{\n {4}static async Task Main\(\)/m);
    const { skeleton } = splitLiterals(snippets.csharp, '"');
    expect(skeleton.split('{').length).toBe(skeleton.split('}').length);
    expect(snippets.php.startsWith('<?php\n')).toBe(true);
    const { stdout } = await runScript('php', join(dir, 'complete.php'), snippets.php, { cwd: dir, env });
    expect(stdout).toContain('{"received":true}');
  });
});

describe("Your server's code: property — hostile values in every field", SPAWNING, () => {
  const RUNS = { node: 300, curl: 200, php: 150, python: 300, java: 200, csharp: 500 };

  it(`Node: ${RUNS.node} hostile exchanges, executed in one process, send exactly the intended bytes`, async () => {
    const cases = fc.sample(hostileCase(), RUNS.node);
    const before = listener.received.length;
    await runNodeBatch(
      await mkdtemp(join(dir, 'node-')),
      cases.map((c) => snippetsOf(c.exchange).node),
      {
        cwd: dir,
        env,
      },
    );
    expect(listener.received.length - before).toBe(cases.length);
    cases.forEach((c, i) => expectIntended(listener.received[before + i], c.expected));
    expect(existsSync(canaryFile)).toBe(false);
  });

  it(`cURL: ${RUNS.curl} hostile exchanges, executed by sh and by bash, send exactly the intended bytes`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileCase(), async ({ exchange, expected }) => {
        await runOne(n++ % 2 ? 'bash' : 'sh', snippetsOf(exchange).curl, expected);
      }),
      { numRuns: RUNS.curl },
    );
  });

  it(`PHP: ${RUNS.php} hostile exchanges, each executed, send exactly the intended bytes`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileCase(), async ({ exchange, expected }) => {
        await runOne('php', snippetsOf(exchange).php, expected);
      }),
      { numRuns: RUNS.php },
    );
  });

  it(`Python: ${RUNS.python} hostile exchanges, executed in one interpreter, send exactly the intended bytes`, async () => {
    const cases = fc.sample(hostileCase(), RUNS.python);
    const before = listener.received.length;
    await runPythonBatch(
      await mkdtemp(join(dir, 'py-')),
      cases.map((c) => snippetsOf(c.exchange).python),
      {
        cwd: dir,
        env,
      },
    );
    expect(listener.received.length - before).toBe(cases.length);
    cases.forEach((c, i) => expectIntended(listener.received[before + i], c.expected));
    expect(existsSync(canaryFile)).toBe(false);
  });

  it(`Java: ${RUNS.java} hostile exchanges compile with javac, and each literal reads back as its value`, async () => {
    const cases = fc.sample(hostileCase(), RUNS.java);
    const codes = cases.map((c) => snippetsOf(c.exchange).java);
    cases.forEach((c, i) => {
      const literals = splitLiterals(codes[i]!, '"').literals.map(readJavaLiteral);
      const body = c.exchange.request.body;
      if (body !== null) expect(literals).toContain(wellFormed(body));
    });
    await compileJavaBatch(join(dir, 'java-property'), codes);
  });

  it(`C#: ${RUNS.csharp} hostile exchanges — the code around the literals never changes, each literal reads back`, () => {
    fc.assert(
      fc.property(hostileCase(), ({ exchange }) => {
        const { skeleton, literals } = splitLiterals(snippetsOf(exchange).csharp, '"');
        const headers = Object.keys(exchange.request.headers).length;
        const plain: SnippetExchange = {
          method: exchange.method,
          url: 'http://host.example/p',
          request: {
            headers: Object.fromEntries(
              Object.entries(exchange.request.headers).map(([name, value], i) =>
                /^(authorization|x-client-id)$/i.test(name) ? [name, value] : [`X-Plain-${i}`, 'v'],
              ),
            ),
            body: exchange.request.body === null ? null : 'b',
          },
        };
        expect(Object.keys(plain.request.headers)).toHaveLength(headers);
        expect(skeleton).toBe(splitLiterals(snippetsOf(plain).csharp, '"').skeleton);
        const values = literals.map(readCsharpLiteral);
        if (exchange.request.body !== null) expect(values).toContain(wellFormed(exchange.request.body));
        for (const [name, value] of Object.entries(exchange.request.headers))
          if (!/^(authorization|x-client-id)$/i.test(name))
            expect(values).toEqual(expect.arrayContaining([name, value]));
      }),
      { numRuns: RUNS.csharp },
    );
  });
});
