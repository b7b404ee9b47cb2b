// `npm start`: builds when the sources changed, then opens the desktop app where the Electron binary
// exists; where it does not (machines that cannot download it), says so in one line and starts
// browser mode instead. It never calls require('electron'), which would try to download the binary.
// Options after `--` pass through: `npm start -- --port 4321` (browser mode), `npm run serve -- --port 4321`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
if (!buildIfStale()) process.exit(1);

const electronBinary = () => {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
};

// `--browser` (used by `npm run serve`) asks for browser mode even where Electron exists.
const forceBrowser = process.argv.includes('--browser');
const args = process.argv.slice(2).filter((arg) => arg !== '--browser');
const binary = forceBrowser ? null : electronBinary();
if (!binary && !forceBrowser) {
  console.log(
    'Electron is not installed on this machine (no binary in node_modules/electron/dist): starting browser mode instead.',
  );
}
// Browser mode gets an IPC channel: the server stops when it closes, i.e. when this script is gone,
// even if it was killed with SIGKILL and could forward nothing.
const child = binary
  ? spawn(binary, [ROOT, ...args], { stdio: 'inherit' })
  : spawn(process.execPath, [join(ROOT, 'out/main/cli.js'), 'serve', ...args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });

/** How long the child may take to stop after the signal before it is killed. */
const STOP_GRACE_MS = 10_000;
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
};
// Forward the signal and wait for the child's exit (below) before exiting: nothing is left running.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs this under `sh -c`; killing npm kills that shell, which forwards nothing. Orphaned
// (our parent is gone), we stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
