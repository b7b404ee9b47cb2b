// `npm start`: builds when the sources changed, then opens the desktop app where the Electron binary
// exists; where it does not (machines that cannot download it), says so in one line and starts
// browser mode instead. It never calls require('electron'), which would try to download the binary.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'out/.build-stamp';
const SOURCES = ['src-main', 'src-shared', 'src-renderer', 'electron.vite.config.ts', 'package.json'];

const newestMtime = (path) => {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

const stale = () =>
  !existsSync(STAMP) || Math.max(...SOURCES.filter(existsSync).map(newestMtime)) > statSync(STAMP).mtimeMs;

if (stale()) {
  const build = spawnSync('npx', ['--no-install', 'electron-vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

const electronBinary = () => {
  const pathFile = 'node_modules/electron/path.txt';
  if (!existsSync(pathFile)) return null;
  const binary = join('node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
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
const child = binary
  ? spawn(binary, ['.', ...args], { stdio: 'inherit' })
  : spawn(process.execPath, ['out/main/cli.js', 'serve', ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
