/**
 * The "Your server's code" snippets are run for real: the cURL, Node, Python, PHP and Java versions of a create
 * and a status call, generated from the exchanges the console recorded, are executed against the
 * Sandbox simulator with the credentials filled in from the environment only.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { originOf } from '@shared/origin';
import { snippetsFor as snippetsResult, SNIPPET_ENV, type SnippetLanguage } from '@shared/server-code/server-code';
import { startCore } from '../../main/core/harness';
import { validOrderA } from '../../shared/gateway/fixtures';

const run = promisify(execFile);
const snippetsFor = (exchange: Exchange) => {
  // Recorded by the Sandbox profile: its credentials are for the simulator's origin, where the call went.
  const result = snippetsResult(exchange, originOf(exchange.url));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
type Runnable = 'curl' | 'node' | 'python' | 'php' | 'java';
const RUNNERS: Record<Runnable, (file: string) => [string, string[]]> = {
  curl: (file) => ['sh', [file]],
  node: (file) => [process.execPath, [file]],
  python: (file) => ['python3', [file]],
  php: (file) => ['php', [file]],
  // The single-file source launcher: the snippet is compiled and run as pasted.
  java: (file) => ['java', [file]],
};
const EXTENSIONS: Record<Runnable, string> = { curl: 'sh', node: 'mjs', python: 'py', php: 'php', java: 'java' };

describe("Your server's code, executed", () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  let dir: string;
  let create: Exchange;
  let status: Exchange;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    harness = await startCore();
    dir = await mkdtemp(join(tmpdir(), 'gc-snippets-'));
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: validOrderA() });
    create = created.exchange;
    status = (await harness.call('payments.status', { profileId: 'sandbox-a', transactionId: create.transactionID }))
      .exchange;
    const simulator = harness.core.simulator!;
    const terminal = simulator.terminals.find((t) => t.variant === 'A')!;
    env = { ...process.env, [SNIPPET_ENV.token]: terminal.token, [SNIPPET_ENV.clientId]: simulator.clientId };
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
    await rm(dir, { recursive: true, force: true });
  });

  const execute = async (language: Runnable, exchange: Exchange, withEnv = env) => {
    const snippet = snippetsFor(exchange).find((s) => s.language === (language as SnippetLanguage))!;
    const file = join(dir, `${language}-${exchange.operation}.${EXTENSIONS[language]}`);
    await writeFile(file, snippet.code);
    const [command, args] = RUNNERS[language](file);
    const { stdout } = await run(command, args, { env: withEnv, timeout: 30_000 });
    return { code: snippet.code, stdout };
  };

  it('no snippet holds a credential, masked or not', () => {
    const simulator = harness.core.simulator!;
    const secrets = [simulator.clientId, ...simulator.terminals.map((t) => t.token)];
    for (const exchange of [create, status])
      for (const snippet of snippetsFor(exchange)) {
        for (const secret of secrets) expect(snippet.code).not.toContain(secret);
        expect(snippet.code).not.toContain('••••');
        expect(snippet.code).toContain(SNIPPET_ENV.token);
        expect(snippet.code).toContain(SNIPPET_ENV.clientId);
      }
    expect(snippetsFor(create).map((s) => s.label)).toEqual([
      'cURL',
      'Node (fetch)',
      'Python (requests)',
      'PHP (streams)',
      'Java (HttpClient)',
      'C# (HttpClient)',
    ]);
  });

  for (const language of ['curl', 'node', 'python', 'php', 'java'] as const) {
    it(`${language}: the create call makes a new order on the simulator`, async () => {
      const before = harness.core.simulator!.control.transactionCount();
      const { stdout } = await execute(language, create);
      expect(stdout).toMatch(/statusCode['"]?:\s*['"]000['"]/);
      expect(stdout).toMatch(/transactionID/);
      expect(harness.core.simulator!.control.transactionCount()).toBe(before + 1);
    });

    it(`${language}: the status call answers the order's status`, async () => {
      const { stdout } = await execute(language, status);
      expect(stdout).toContain(create.transactionID!);
      expect(stdout).toMatch(/paymentStatus['"]?:\s*['"]Pending['"]/);
    });
  }

  it('without the environment the same snippet is refused by the gateway (nothing is baked in)', async () => {
    const { stdout } = await execute('curl', status, { ...env, [SNIPPET_ENV.token]: 'wrong-token' });
    expect(stdout).toMatch(/401|Unauthorized/);
  });
});
