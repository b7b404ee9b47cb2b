// Electronegativity (Doyensec's Electron security scanner) over the main-process sources and the built
// app. Fails on any HIGH finding; lesser ones are printed for review. The tool cannot detect the Electron
// version from this tree (no electron binary), so the installed package's version is passed explicitly —
// otherwise it assumes Electron 0.1 and its pre-5 defaults (nodeIntegration on).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const inputs = process.argv.slice(2).length ? process.argv.slice(2) : ['src-main', 'out'];
const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
let high = 0;
try {
  for (const input of inputs) {
    const report = join(dir, 'report.csv');
    const run = spawnSync(
      'npx',
      ['--no-install', 'electronegativity', '-i', input, '-r', '-v', 'false', '-e', electronVersion, '-o', report],
      { encoding: 'utf8' },
    );
    let rows;
    try {
      rows = readFileSync(report, 'utf8').split('\n').slice(1).filter(Boolean);
    } catch {
      console.log(`electronegativity wrote no report for ${input}:\n${run.stdout}${run.stderr}`);
      process.exit(1);
    }
    for (const row of rows) {
      const [check = '?', severity = '?', , file = '?', location = '?'] = row
        .split(',')
        .map((f) => f.replace(/"/g, ''));
      console.log(`${input}: ${severity.padEnd(6)} ${check} ${file}:${location}`);
      if (severity === 'HIGH') high += 1;
    }
    console.log(`${input}: ${rows.length} finding(s), electron ${electronVersion}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(high === 0 ? 'electronegativity: no HIGH findings' : `electronegativity: ${high} HIGH finding(s)`);
process.exit(high === 0 ? 0 : 1);
