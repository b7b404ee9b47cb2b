import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, methodNames, PRELOAD_METHODS_ARG } from '@shared/contract';
import { createElectronFake } from '../../stubs/electron';
import { builtFile } from './built-output';

type Api = Record<string, unknown>;

/**
 * Loads out/preload/index.cjs the way a sandboxed renderer does: a fresh context, a CommonJS wrapper
 * whose `require` offers only `electron`, and a `process` carrying just the argv main passed through
 * `additionalArguments`. Any npm import bundled wrongly would throw here as it would in Electron.
 */
function loadBuiltPreload() {
  const path = builtFile('preload/index.cjs');
  const electron = createElectronFake();
  const required: string[] = [];
  const sandboxRequire = (id: string): unknown => {
    required.push(id);
    if (id === 'electron') return electron.module;
    throw new Error(`Cannot find module '${id}' (a sandboxed preload can only require electron)`);
  };
  const context = vm.createContext({ console, setTimeout, clearTimeout });
  const wrapper = vm.runInContext(
    `(function (exports, require, module, __filename, __dirname, process) {${readFileSync(path, 'utf8')}\n})`,
    context,
    { filename: path },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} };
  const processArgv = [
    '/opt/Gateway Console/gateway-console',
    '--type=renderer',
    `${PRELOAD_METHODS_ARG}${methodNames.join(',')}`,
  ];
  wrapper(module.exports, sandboxRequire, module, path, dirname(path), { argv: processArgv });
  return { electron, required, exposed: electron.state.exposedInMainWorld };
}

describe('built preload (out/preload/index.cjs)', () => {
  it('requires nothing but electron and exposes exactly window.consoleApi', () => {
    const { required, exposed } = loadBuiltPreload();
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['consoleApi']);
  });

  it('has one function per contract method plus on, and nothing else (no ipcRenderer, no process)', () => {
    const api = loadBuiltPreload().exposed.get('consoleApi') as Api;
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'on'].sort());
    for (const [name, value] of Object.entries(api)) expect(typeof value, name).toBe('function');
  });

  it('turns a call into ipcRenderer.invoke on console-api:<method> with the input', async () => {
    const { electron, exposed } = loadBuiltPreload();
    const api = exposed.get('consoleApi') as Api;
    for (const name of methodNames) {
      await (api[name] as (input: unknown) => Promise<unknown>)({ probe: name });
    }
    expect(electron.state.invoked).toEqual(
      methodNames.map((name) => ({ channel: `${IPC_INVOKE_PREFIX}${name}`, args: [{ probe: name }] })),
    );
  });

  it('relays push events through on() until unsubscribed', () => {
    const { electron, exposed } = loadBuiltPreload();
    const on = (exposed.get('consoleApi') as Api).on as (e: string, l: (p: unknown) => void) => () => void;
    const seen: unknown[] = [];
    const off = on('app.notice', (payload) => seen.push(payload));
    electron.module.ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'app.notice', { level: 'info', message: 'hi' });
    off();
    electron.module.ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'app.notice', { level: 'info', message: 'late' });
    expect(seen).toEqual([{ level: 'info', message: 'hi' }]);
  });
});

describe('a missing build', () => {
  it('fails with the command to run instead of a module-not-found stack', () => {
    expect(() => builtFile('preload/never-built.cjs')).toThrow(
      'out/preload/never-built.cjs is missing: run `npx electron-vite build` first',
    );
  });
});
