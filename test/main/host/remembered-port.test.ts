import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startBrowserMode, startLines, type RunningBrowserMode } from '../../../src-main/host/browser-mode';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gc-port-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(userDataDir: string, port?: number): Promise<RunningBrowserMode> {
  const running = await startBrowserMode({
    userDataDir,
    credentials: new MemoryStore(),
    simulator: false,
    rendererDir: userDataDir,
    ...(port === undefined ? {} : { port }),
  });
  cleanups.push(() => running.close());
  return running;
}

/** Holds a port the way another program would, so the console cannot listen there. */
async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return server;
}

describe('issue 26: browser mode keeps its address (the port is remembered per user-data folder)', () => {
  it('a plain restart listens on the same port again, so the page keeps its origin', async () => {
    const dir = await folder();
    const first = await start(dir);
    const port = first.host.port;
    await first.close();
    const second = await start(dir);
    expect(second.host.port).toBe(port);
    expect(second.rememberedPortTaken).toBeNull();
    expect(startLines(second)).toEqual([`Gateway Console (browser mode) is ready: ${second.host.url}`]);
  });

  it('each user-data folder remembers its own port', async () => {
    const [a, b] = [await folder(), await folder()];
    const first = await start(a);
    const other = await start(b);
    expect(other.host.port).not.toBe(first.host.port);
    const [portA, portB] = [first.host.port, other.host.port];
    await first.close();
    await other.close();
    expect((await start(b)).host.port).toBe(portB);
    expect((await start(a)).host.port).toBe(portA);
  });

  it('a taken remembered port falls back to a free one, and the start line says which port was taken', async () => {
    const dir = await folder();
    const first = await start(dir);
    const port = first.host.port;
    await first.close();
    await occupy(port);
    const second = await start(dir);
    expect(second.host.port).not.toBe(port);
    expect(second.rememberedPortTaken).toBe(port);
    const lines = startLines(second);
    expect(lines[1]).toContain(`Port ${port}, used last time with this user-data folder, is taken`);
    expect(lines[1]).toContain(`listening on ${second.host.port} instead`);
    // The new port is remembered from now on.
    await second.close();
    expect((await start(dir)).host.port).toBe(second.host.port);
  });

  it('--port still wins over the remembered port, and a taken --port is an error, not a silent move', async () => {
    const dir = await folder();
    const first = await start(dir);
    await first.close();
    const blocker = await occupy(0);
    const wanted = (blocker.address() as { port: number }).port;
    await expect(start(dir, wanted)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((resolve) => blocker.close(resolve));
    const explicit = await start(dir, wanted);
    expect(explicit.host.port).toBe(wanted);
    expect(explicit.rememberedPortTaken).toBeNull();
  });

  it('a damaged browser-mode.json is kept aside and the console starts on a free port', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'browser-mode.json'), '{"version":1,"port":"__proto__"}');
    const running = await start(dir);
    expect(running.host.port).toBeGreaterThan(0);
    expect((await readdir(dir)).some((name) => name.startsWith('browser-mode.json.unreadable-'))).toBe(true);
  });
});
