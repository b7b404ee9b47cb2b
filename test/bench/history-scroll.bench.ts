/**
 * The History list scrolling through 100,000 transactions in real Chromium (the built app in browser
 * mode): rows are written straight into the app's IndexedDB, then the table is scrolled with the mouse
 * wheel for a few seconds while it pages in more rows. Three figures, each against the same page
 * standing still for as long:
 * - the share of frames over 25 ms (1.5 × the display's 16.7 ms: a frame the user sees dropped), from
 *   requestAnimationFrame intervals in the page;
 * - how many rows the list actually scrolled past (a list that ignores the wheel has smooth frames too);
 * - the page's main thread busy time per second, from Chromium's own task accounting (CDP Performance
 *   domain, `TaskDuration`): how much of the thread scrolling takes, i.e. how little is left for input.
 * HISTORY_SCROLL_PROFILE=<file> saves a CPU profile of the scrolling (open it in Chromium's DevTools,
 * Performance panel). HISTORY_SCROLL_QUICK=1 seeds a tenth of the rows and scrolls for half as long, to
 * check the benchmark runs (its figures then mean little).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openConsole } from '../support/browser-mode';
import { bundlePageScript } from './history/bundle-page';
import { figure, type Benchmark } from './figures';

const QUICK = process.env.HISTORY_SCROLL_QUICK === '1';
const ROWS = QUICK ? 10_000 : 100_000;
const SCROLL_SECONDS = QUICK ? 3 : 6;
/**
 * The list must really move: a list that ignores the wheel, or stops at the end of its first pages,
 * would have smooth frames too. 2,000 rows is 20 pages of History's 100 in 6 s of wheel scrolling.
 */
const MIN_ROWS_PASSED = 2_000;
const MAX_DROPPED_SHARE = 0.05;

interface ScrollProbe {
  seed(count: number): Promise<void>;
  startProbe(): void;
  takeFrames(): number[];
  longestTasks(): number[];
}

/** Calls the injected probe (scroll-probe.ts) in the page. */
const probe = <K extends keyof ScrollProbe>(page: Page, name: K, ...args: Parameters<ScrollProbe[K]>) =>
  page.evaluate(
    ([method, params]) =>
      (globalThis as unknown as { scrollProbe: Record<string, (...a: unknown[]) => unknown> }).scrollProbe[method]!(
        ...params,
      ),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<ScrollProbe[K]>>>;

export const historyScroll: Benchmark = {
  name: 'history-scroll',
  async run({ log }) {
    const session = await openConsole({ viewport: { width: 1400, height: 900 } });
    try {
      const { page } = session;
      const script = await bundlePageScript(resolve(__dirname, 'history/page/scroll-probe.ts'));
      await page.getByRole('link', { name: 'History', exact: true }).click();
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await page.evaluate(script); // through DevTools, as the app's CSP (rightly) refuses inline scripts
      await probe(page, 'seed', ROWS);
      await page.reload();
      await page.getByTestId('history-count').filter({ hasText: '1,000+ transactions' }).waitFor();
      await page.evaluate(script); // through DevTools, as the app's CSP (rightly) refuses inline scripts
      const body = page.locator('.virtual-table').first();
      const box = (await body.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      /** Milliseconds the page's main thread spent in tasks per second of wall time, over `work`. */
      const busyPerSecond = async (work: () => Promise<void>) => {
        const taskSeconds = async () =>
          (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')!.value;
        const before = await taskSeconds();
        const started = performance.now();
        await work();
        return (((await taskSeconds()) - before) * 1000) / ((performance.now() - started) / 1000);
      };
      await probe(page, 'startProbe');
      // The same page standing still, first: what this machine's load alone does to frames.
      const idleBusy = await busyPerSecond(() => page.waitForTimeout(SCROLL_SECONDS * 1000));
      const idle = await probe(page, 'takeFrames');
      const profiling = Boolean(process.env.HISTORY_SCROLL_PROFILE);
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const scrollBusy = await busyPerSecond(async () => {
        const deadline = Date.now() + SCROLL_SECONDS * 1000;
        while (Date.now() < deadline) {
          await page.mouse.wheel(0, 1500);
          await page.waitForTimeout(16);
        }
      });
      const frames = await probe(page, 'takeFrames');
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(process.env.HISTORY_SCROLL_PROFILE!, JSON.stringify(profile));
        log(`history-scroll: CPU profile of the scrolling written to ${process.env.HISTORY_SCROLL_PROFILE}`);
      }
      const loaded = await page.locator('tr[data-key]').last().getAttribute('data-key');
      const longest = await probe(page, 'longestTasks');
      const inDom = await page.locator('tr[data-key]').count();
      log(`history-scroll: ${inDom} rows in the DOM; longest tasks (ms): ${longest.join(', ') || 'none'}`);
      const rowsPassed = ROWS - Number(loaded?.slice(4) ?? ROWS);
      const dropped = frames.filter((ms) => ms > 25).length;
      const idleDropped = idle.filter((ms) => ms > 25).length;
      log(`history-scroll: standing still, ${idle.length} frames, ${idleDropped} over 25 ms`);
      log(
        `history-scroll: ${frames.length} frames in ${SCROLL_SECONDS} s of wheel scrolling, ${dropped} over 25 ms ` +
          `(${((dropped / frames.length) * 100).toFixed(1)} %), scrolled past ~${rowsPassed.toLocaleString('en-US')} rows`,
      );
      log(
        `history-scroll: main thread busy ${scrollBusy.toFixed(0)} ms per second scrolling, ${idleBusy.toFixed(0)} ms standing still`,
      );
      if (session.pageErrors.length) throw new Error(`page errors: ${session.pageErrors.join('; ')}`);
      const rows = ROWS.toLocaleString('en-US');
      const share = (list: number[]) => (list.filter((ms) => ms > 25).length / Math.max(1, list.length)) * 100;
      return [
        figure({
          figure: `History list: share of frames over 25 ms, wheel-scrolling ${rows} rows (vs standing still)`,
          unit: '%',
          samples: [share(frames)],
          baselineSamples: [share(idle)],
          target: `≤ ${MAX_DROPPED_SHARE * 100} % of frames over 25 ms`,
          pass: (value) => value <= MAX_DROPPED_SHARE * 100,
        }),
        figure({
          figure: `History list: rows scrolled past in ${SCROLL_SECONDS} s of wheel scrolling, ${rows} rows stored`,
          unit: 'rows',
          samples: [rowsPassed],
          target: `≥ ${MIN_ROWS_PASSED.toLocaleString('en-US')} rows`,
          pass: (value) => value >= MIN_ROWS_PASSED,
        }),
        figure({
          figure: `History list: main thread busy per second of wheel scrolling, ${rows} rows (vs standing still)`,
          unit: 'ms/s',
          samples: [scrollBusy],
          baselineSamples: [idleBusy],
          // Published, not judged: the issue asks for the figure and sets no limit; the two above judge.
          target: 'shown, not judged',
          pass: () => true,
        }),
      ];
    } finally {
      await session.close();
    }
  },
};
