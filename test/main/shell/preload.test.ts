import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, PRELOAD_METHODS_ARG } from '@shared/contract';
import { createElectronFake, type ElectronFake } from '../../stubs/electron';

const originalArgv = process.argv;
let electronFake: ElectronFake;
let ipcRenderer: ElectronFake['module']['ipcRenderer'];

/** Runs the preload module afresh, as each renderer process does, with its own Electron fake. */
const loadPreload = async (methodsFlag: string): Promise<Record<string, unknown>> => {
  process.argv = [...originalArgv, `${PRELOAD_METHODS_ARG}${methodsFlag}`];
  vi.resetModules();
  vi.doMock('electron', () => electronFake.module);
  await import('../../../src-main/preload/index');
  expect([...electronFake.state.exposedInMainWorld.keys()]).toEqual(['consoleApi']);
  return electronFake.state.exposedInMainWorld.get('consoleApi') as Record<string, unknown>;
};

beforeEach(() => {
  electronFake = createElectronFake();
  ipcRenderer = electronFake.module.ipcRenderer;
});
afterEach(() => {
  process.argv = originalArgv;
  vi.doUnmock('electron');
});

describe('preload (source)', () => {
  it('exposes only consoleApi: one function per method from the flag, plus on', async () => {
    const api = await loadPreload('app.info,payments.generateReference,simulator.setFault2');
    expect(Object.keys(api).sort()).toEqual(['app.info', 'on', 'payments.generateReference', 'simulator.setFault2']);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('ignores flag entries that are not area.verb names', async () => {
    const api = await loadPreload('on,__proto__,constructor,app.ping,app.ping();x,../x,APP.info');
    expect(Object.keys(api).sort()).toEqual(['app.ping', 'on']);
  });

  it('forwards a call as one ipcRenderer.invoke on the method’s channel', async () => {
    const api = await loadPreload('app.ping');
    await (api['app.ping'] as (input: unknown) => Promise<unknown>)({ text: 'x' });
    expect(electronFake.state.invoked).toEqual([{ channel: `${IPC_INVOKE_PREFIX}app.ping`, args: [{ text: 'x' }] }]);
  });

  it('on() relays only the named event and returns a working unsubscribe', async () => {
    const api = await loadPreload('app.info');
    const on = api.on as (event: string, listener: (payload: unknown) => void) => () => void;
    const seen: unknown[] = [];
    const off = on('app.notice', (payload) => seen.push(payload));
    ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'app.notice', { message: 'one' });
    ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'other.event', { message: 'not for us' });
    off();
    ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'app.notice', { message: 'after unsubscribe' });
    expect(seen).toEqual([{ message: 'one' }]);
    expect(ipcRenderer.listenerCount(IPC_EVENT_CHANNEL)).toBe(0);
    expect(() => on('app.notice', 'not a function' as never)).toThrow(TypeError);
  });
});
