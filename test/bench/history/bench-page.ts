/**
 * The page the history benchmarks drive: page/page-entry.ts bundled and served on loopback, opened in
 * a Chromium context, with a typed `call` into its functions.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { bundlePageScript } from './bundle-page';

export interface PageApi {
  seed(name: string, count: number): Promise<number>;
  insert(name: string, count: number): Promise<{ writer: number; raw: number }>;
  seedCaseNotes(name: string, count: number, notes: number): Promise<number>;
  searches(
    name: string,
    count: number,
    notes: number,
    samples: number,
  ): Promise<{ history: number[]; support: number[] }>;
  paging(name: string, count: number, page: number, samples: number): Promise<{ keyset: number[]; offset: number[] }>;
  exportAll(name: string): Promise<{ ms: number; transactions: number; bytes: number }>;
  cursorAll(name: string): Promise<{ ms: number; rows: number }>;
  importLast(name: string): Promise<{ ms: number; added: number; stored: number }>;
}

export interface BenchPage {
  page: Page;
  call<K extends keyof PageApi>(name: K, ...args: Parameters<PageApi[K]>): Promise<Awaited<ReturnType<PageApi[K]>>>;
  close(): Promise<void>;
}

export async function openBenchPage(context: BrowserContext): Promise<BenchPage> {
  const dir = mkdtempSync(join(tmpdir(), 'history-bench-'));
  writeFileSync(join(dir, 'bench.js'), await bundlePageScript(resolve(__dirname, 'page/page-entry.ts')));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>history bench</title><script src="bench.js"></script>',
  );
  const server = createServer((request, response) => {
    const file = request.url === '/bench.js' ? 'bench.js' : 'index.html';
    response.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
    response.end(readFileSync(join(dir, file)));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return {
    page,
    call: (name, ...args) =>
      page.evaluate(
        ([method, params]) =>
          (globalThis as unknown as { historyBench: Record<string, (...a: unknown[]) => Promise<unknown>> })
            .historyBench[method]!(...params),
        [name, args] as const,
      ) as never,
    close: async () => {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
