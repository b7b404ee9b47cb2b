import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { callApi } from '../support/http';

const ROOT = resolve(__dirname, '../..');
const FALLBACK_LINE =
  'Electron is not installed on this machine (no binary in node_modules/electron/dist): starting browser mode instead.';
const electronInstalled = existsSync(join(ROOT, 'node_modules/electron/path.txt'));

describe.skipIf(electronInstalled)('npm start without an Electron binary', () => {
  let child: ChildProcess | null = null;
  const userDataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      process.kill(-child.pid, 'SIGTERM'); // the whole group: start.mjs and the browser-mode child
      await exited;
    }
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('says so in one line, then serves browser mode on the printed URL (with --port passed through)', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['scripts/start.mjs', '--port', String(port)], {
      cwd: ROOT,
      detached: true, // its own process group, so the test can stop start.mjs and its child together
      env: { ...process.env, GATEWAY_CONSOLE_USER_DATA: userDataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const url = await new Promise<URL>((found, failed) => {
      const reader = createInterface({ input: child!.stdout! });
      reader.on('line', (line) => {
        lines.push(line);
        const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(line);
        if (match) found(new URL(match[1]!));
      });
      child!.once('exit', (code) =>
        failed(new Error(`npm start exited (${code}) before printing a URL:\n${lines.join('\n')}`)),
      );
    });

    expect(lines.filter((line) => line.includes('Electron'))).toEqual([FALLBACK_LINE]);
    expect(url.port).toBe(String(port));
    const token = url.searchParams.get('token')!;
    const info = await callApi(port, token, 'app.info');
    expect(info.json()).toMatchObject({ ok: true, value: { mode: 'browser', version: packageJson.version } });
    expect((await callApi(port, null, 'app.info')).status).toBe(401);
  });
});

/** A port nothing listens on right now (the OS picks it; we release it at once). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
