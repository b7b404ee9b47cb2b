/**
 * `npm run bench [-- --full] [-- --only NAME]`: runs the registered benchmarks, prints one table with
 * min / median / max per figure, and writes bench-results.json. Exits 1 when a figure misses its target.
 * Benchmarks are not tests: nothing here runs under Vitest, and timings never gate `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './benchmarks';
import type { Figure } from './figures';

const { values } = parseArgs({
  options: { full: { type: 'boolean' }, only: { type: 'string' }, out: { type: 'string' } },
});
const full = values.full ?? false;

const format = (value: number | null, digits = 0): string =>
  value === null || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: Array<{ benchmark: string } & Figure>): string {
  const header = ['benchmark', 'figure', 'min', 'median', 'max', 'unit', 'baseline', 'ratio', 'target', 'pass'];
  const body = rows.map((row) => [
    row.benchmark,
    row.figure,
    format(row.samples.min),
    format(row.samples.median),
    format(row.samples.max),
    row.unit,
    format(row.baseline),
    row.ratio === null ? '—' : `${format(row.ratio, 2)}×`,
    row.target,
    row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<number> {
  const selected = benchmarks.filter(
    (bench) => (full || !bench.slow) && (!values.only || bench.name.includes(values.only)),
  );
  const rows: Array<{ benchmark: string } & Figure> = [];
  const failures: string[] = [];
  for (const bench of selected) {
    process.stdout.write(`▶ ${bench.name}\n`);
    try {
      const figures = await bench.run({ full, log: (line) => process.stdout.write(`${line}\n`) });
      rows.push(...figures.map((result) => ({ benchmark: bench.name, ...result })));
    } catch (error) {
      failures.push(`${bench.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.stdout.write(`\n${table(rows)}\n`);
  for (const failure of failures) process.stdout.write(`ERROR ${failure}\n`);
  const out = resolve(values.out ?? 'bench-results.json');
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        full,
        machine: { cpus: cpus().length, node: process.versions.node, platform: process.platform },
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
