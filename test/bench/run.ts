/**
 * `npm run bench [-- --full] [-- --only NAME]`: runs the registered benchmarks, prints one table with
 * min / median / max per figure, and writes bench-results.json. Exits 1 when a figure misses its target.
 * Benchmarks are not tests: nothing here runs under Vitest, and timings never gate `npm test`.
 * Each row carries the machine's 1-minute load average while it was measured: above the core count,
 * other work shared the CPUs and every wall-clock figure of that row is stretched (see docs/benchmarks.md).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './benchmarks';
import type { Figure } from './figures';

const { values } = parseArgs({
  options: { full: { type: 'boolean' }, only: { type: 'string' }, out: { type: 'string' } },
});
const full = values.full ?? false;
const cores = cpus().length;

type Row = { benchmark: string; load: number } & Figure;

/** Whole numbers, except small fractional values (a 0.3 % share, a 4.5 ms p50) which keep one decimal. */
const format = (
  value: number | null,
  digits = Math.abs(value ?? 0) < 10 && !Number.isInteger(value) ? 1 : 0,
): string =>
  value === null || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: Row[]): string {
  const header = ['benchmark', 'figure', 'min', 'median', 'max', 'unit', 'baseline', 'ratio', 'target', 'pass', 'load'];
  const body = rows.map((row) => [
    row.benchmark,
    row.figure,
    format(row.samples.min),
    format(row.samples.median),
    format(row.samples.max),
    row.unit,
    format(row.baseline),
    // Index lookups are thousands of times faster than a scan: two decimals would print 0.00×.
    row.ratio === null ? '—' : `${row.ratio < 0.1 ? row.ratio.toPrecision(2) : format(row.ratio, 2)}×`,
    row.target,
    row.pass ? 'PASS' : 'FAIL',
    `${format(row.load, 1)}${row.load > cores ? ' !' : ''}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

/**
 * The benchmarks `--only NAME` names: the one called exactly NAME (`--only record` is not also the two
 * recording benchmarks), or else every one whose name holds it. Slow ones run with --full only.
 */
function selectBenchmarks(only: string | undefined): typeof benchmarks {
  const runnable = benchmarks.filter((bench) => full || !bench.slow);
  if (only === undefined) return runnable;
  const exact = runnable.filter((bench) => bench.name === only);
  return exact.length ? exact : runnable.filter((bench) => bench.name.includes(only));
}

async function main(): Promise<number> {
  const selected = selectBenchmarks(values.only);
  if (!selected.length) {
    const names = benchmarks.map((bench) => `${bench.name}${bench.slow ? ' (--full only)' : ''}`).join(', ');
    process.stderr.write(`No benchmark matches --only ${JSON.stringify(values.only)}. Benchmarks: ${names}\n`);
    return 1;
  }
  const rows: Row[] = [];
  const failures: string[] = [];
  const started = performance.now();
  for (const bench of selected) {
    process.stdout.write(`▶ ${bench.name} (load average ${format(loadavg()[0]!, 1)} on ${cores} cores)\n`);
    const loadBefore = loadavg()[0]!;
    const benchStarted = performance.now();
    try {
      const figures = await bench.run({ full, log: (line) => process.stdout.write(`${line}\n`) });
      // The higher of the two readings: the 1-minute average lags, so either end may show the load.
      const load = Math.max(loadBefore, loadavg()[0]!);
      rows.push(...figures.map((result) => ({ benchmark: bench.name, ...result, load })));
    } catch (error) {
      failures.push(`${bench.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.stdout.write(`  ${bench.name} took ${((performance.now() - benchStarted) / 1000).toFixed(1)} s\n`);
  }
  process.stdout.write(`\n${table(rows)}\n`);
  process.stdout.write(
    `${cores} cores, node ${process.versions.node}, ${full ? '--full' : 'quick'} run, ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s in all\n`,
  );
  const loaded = rows.filter((row) => row.load > cores);
  if (loaded.length)
    process.stdout.write(
      `NOTE: the load average was above the ${cores} cores while measuring ${[...new Set(loaded.map((row) => row.benchmark))].join(', ')} ` +
        `(rows marked !): other work shared the CPUs, so wall-clock figures there are stretched; ratios of ` +
        `interleaved rounds suffer less. Re-run on a quiet machine before trusting a FAIL in those rows.\n`,
    );
  for (const failure of failures) process.stdout.write(`ERROR ${failure}\n`);
  const out = resolve(values.out ?? 'bench-results.json');
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        full,
        machine: { cpus: cores, node: process.versions.node, platform: process.platform, loadavg: loadavg() },
        figures: rows,
        errors: failures,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`wrote ${out}\n`);
  return failures.length || rows.some((row) => !row.pass) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
