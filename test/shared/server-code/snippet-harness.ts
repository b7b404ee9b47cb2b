/**
 * What the "Your server's code" safety tests need to run a snippet for real: a loopback listener that
 * records every request byte for byte, the interpreters (one process per snippet, or one Python process
 * for a batch), javac for a batch of Java snippets, and the string-literal readers for the languages
 * that are checked by their structure.
 */
import { originOf } from '@shared/origin';
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Exchange } from '@shared/exchange';
import { snippetsFor, type Snippet, type SnippetLanguage } from '@shared/server-code/server-code';

export const run = promisify(execFile);

export interface Received {
  method: string;
  /** Path and query as they arrived on the request line. */
  target: string;
  /** Header names lower-cased, values as received. */
  headers: Record<string, string>;
  body: Buffer;
  /** Every byte of the request line, headers and body, to search for a leaked value. */
  raw: string;
}

export interface Listener {
  url: string;
  received: Received[];
  close: () => Promise<void>;
}

/** A loopback HTTP server that records each request and answers a small JSON body. */
export async function startListener(): Promise<Listener> {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        headers[request.rawHeaders[i]!.toLowerCase()] = request.rawHeaders[i + 1]!;
      received.push({
        method: request.method ?? '',
        target: request.url ?? '',
        headers,
        body,
        raw: `${request.method} ${request.url}\n${request.rawHeaders.join('\n')}\n${body.toString('latin1')}\n${body.toString('utf8')}`,
      });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The snippets of an exchange the generator accepts (a refusal fails the test with its message), made as
 * for a profile whose credentials are for the exchange's own origin.
 */
export function snippetsOf(exchange: Pick<Exchange, 'method' | 'url' | 'request'>): Record<SnippetLanguage, string> {
  const result = snippetsFor(exchange, originOf(exchange.url));
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return Object.fromEntries(result.value.map((s: Snippet) => [s.language, s.code])) as Record<SnippetLanguage, string>;
}

const SCRIPT_RUNNERS = {
  sh: (file: string) => ['sh', [file]],
  bash: (file: string) => ['bash', [file]],
  node: (file: string) => [process.execPath, [file]],
  php: (file: string) => ['php', [file]],
} as const satisfies Record<string, (file: string) => [string, string[]]>;

/** Writes one snippet to `file` and runs it with its interpreter, in `cwd`, with exactly `env`. */
export async function runScript(
  runner: keyof typeof SCRIPT_RUNNERS,
  file: string,
  code: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
) {
  await writeFile(file, code);
  const [command, args] = SCRIPT_RUNNERS[runner](file);
  return run(command, args, { ...options, timeout: 60_000 });
}

/** Runs many Python snippets in one interpreter, in order: each executed as its own `__main__` program. */
export async function runPythonBatch(dir: string, codes: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const files: string[] = [];
  for (const [i, code] of codes.entries()) {
    const file = join(dir, `snippet_${i}.py`);
    await writeFile(file, code);
    files.push(file);
  }
  const runner = join(dir, 'run_batch.py');
  await writeFile(
    runner,
    [
      'import sys',
      'for path in sys.argv[1:]:',
      '    with open(path, encoding="utf-8") as source:',
      '        exec(compile(source.read(), path, "exec"), {"__name__": "__main__"})',
    ].join('\n'),
  );
  return run('python3', [runner, ...files], { ...options, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Runs many Node snippets in one process, one after the other, each loaded as its own CommonJS module.
 * The runner only watches `fetch` to know when a snippet's call has settled (the arguments pass through
 * untouched), so requests arrive in order, one per snippet.
 */
export async function runNodeBatch(dir: string, codes: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const files: string[] = [];
  for (const [i, code] of codes.entries()) {
    const file = join(dir, `snippet_${i}.js`);
    await writeFile(file, code);
    files.push(file);
  }
  const runner = join(dir, 'run-batch.cjs');
  await writeFile(
    runner,
    [
      'const realFetch = globalThis.fetch;',
      'let pending = null;',
      'globalThis.fetch = (...args) => (pending = realFetch(...args));',
      '(async () => {',
      '  for (const file of process.argv.slice(2)) {',
      '    pending = null;',
      '    require(file);',
      "    if (!pending) throw new Error(file + ' made no call');",
      '    await pending.catch(() => {});',
      '    await new Promise((resolve) => setTimeout(resolve, 1));',
      '  }',
      '})().catch((error) => { console.error(error); process.exitCode = 1; });',
    ].join('\n'),
  );
  return run(process.execPath, [runner, ...files], { ...options, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
}

/** Compiles Java snippets with one javac; each in its own file under a class name of its own. */
export async function compileJavaBatch(dir: string, codes: string[]) {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [i, code] of codes.entries()) {
    const name = `GatewayRequest${i}`;
    const renamed = code.replace(/^class GatewayRequest \{$/m, `class ${name} {`);
    if (renamed === code) throw new Error('the Java snippet has no `class GatewayRequest {` line');
    const file = join(dir, `${name}.java`);
    await writeFile(file, renamed);
    files.push(file);
  }
  return run('javac', ['-nowarn', '-encoding', 'UTF-8', '-d', join(dir, 'classes'), ...files], {
    timeout: 120_000,
  });
}

/** The string literals of C-family code (`"…"` and `'…'`), and the code with each replaced by `$<index>`. */
export function splitLiterals(code: string, quotes: '"' | '\'"'): { skeleton: string; literals: string[] } {
  const pattern = quotes === '"' ? /"(?:[^"\\\n]|\\.)*"/g : /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
  const literals: string[] = [];
  const skeleton = code.replace(pattern, (literal) => {
    literals.push(literal);
    return `$${literals.length - 1}`;
  });
  return { skeleton, literals };
}

/** The text of a C# regular string literal (the generator's escapes: `\\`, `\"`, `\uXXXX`). */
export function readCsharpLiteral(literal: string): string {
  return literal
    .slice(1, -1)
    .replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escape: string) =>
      escape.length === 5 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : escape,
    );
}

/**
 * The text of a Java string literal, as javac reads it: Unicode escapes first (only where the backslash
 * is not itself escaped), then the literal's own escapes (`\\`, `\"`, octal).
 */
export function readJavaLiteral(literal: string): string {
  const unicode = literal.replace(
    /(?<!\\)((?:\\\\)*)\\u+([0-9a-fA-F]{4})/g,
    (_, before: string, hex: string) => `${before}${String.fromCharCode(parseInt(hex, 16))}`,
  );
  return unicode
    .slice(1, -1)
    .replace(/\\([0-3][0-7]{2}|[0-7]{1,2}|.)/g, (_, escape: string) =>
      /^[0-7]+$/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : escape,
    );
}
