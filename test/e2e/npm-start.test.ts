import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { freePort } from '../support/free-port';
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

describe.skipIf(electronInstalled)('stopping npm start', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'npm-start-stop-'));
  const groups: number[] = [];
  afterAll(() => {
    // Whatever a failed test left behind: the whole group of each launch.
    for (const group of groups)
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        /* already gone */
      }
    rmSync(userDataDir, { recursive: true, force: true });
  });

  /** Launches `command`, waits for the printed URL, returns the process and the port it serves. */
  async function launch(command: string, args: string[]) {
    const port = await freePort();
    const launched = spawn(command, [...args, '--port', String(port)], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, GATEWAY_CONSOLE_USER_DATA: userDataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    groups.push(launched.pid!);
    const url = await new Promise<URL>((found, failed) => {
      createInterface({ input: launched.stdout! }).on('line', (line) => {
        const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(line);
        if (match) found(new URL(match[1]!));
      });
      launched.once('exit', (code) => failed(new Error(`${command} exited (${code}) before printing a URL`)));
    });
    return { launched, port, token: url.searchParams.get('token')! };
  }

  /** Polls until nothing answers on the port any more (the server process is gone). */
  async function serverStops(port: number, token: string, withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      const alive = await callApi(port, token, 'app.ping', { text: 'x' }).then(
        () => true,
        () => false,
      );
      if (!alive) return true;
      await new Promise((wait) => setTimeout(wait, 200));
    }
    return false;
  }

  it('killing npm (SIGTERM to its pid, as a process manager does) stops the server it started', async () => {
    const { launched, port, token } = await launch('npm', ['start', '--']);
    expect((await callApi(port, token, 'app.ping', { text: 'up' })).status).toBe(200);
    launched.kill('SIGTERM'); // npm only, not its group: npm's shell forwards nothing to start.mjs
    expect(await serverStops(port, token, 10_000)).toBe(true);
  });

  it.each(['SIGHUP', 'SIGKILL'] as const)(
    '%s to scripts/start.mjs stops its server too (forwarded, or noticed through the closed IPC channel)',
    async (signal) => {
      const { launched, port, token } = await launch(process.execPath, ['scripts/start.mjs']);
      expect((await callApi(port, token, 'app.ping', { text: 'up' })).status).toBe(200);
      const exited = new Promise((done) => launched.once('exit', done));
      launched.kill(signal);
      expect(await serverStops(port, token, 10_000)).toBe(true);
      await exited;
    },
  );
});
