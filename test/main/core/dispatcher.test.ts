import { describe, expect, it, vi } from 'vitest';
import { ConsoleFailure } from '@shared/result';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';

const INFO = {
  name: 'Gateway Console',
  version: '1.2.3',
  mode: 'browser' as const,
  platform: 'linux-x64',
  nodeVersion: '20.0.0',
  electronVersion: null,
  keychain: { backend: 'session-memory' as const, available: false, detail: 'memory only' },
  startedAt: '2026-01-01T00:00:00.000Z',
};

/** Only the app methods are exercised; the rest of the contract belongs to other areas' tests. */
const dispatcherWith = (app: Partial<Handlers>, onInternalError = vi.fn()) => ({
  dispatch: createDispatcher(
    { 'app.info': () => INFO, 'app.ping': ({ text }) => ({ text, receivedAt: 'now' }), ...app } as Handlers,
    { onInternalError },
  ),
  onInternalError,
});

describe('dispatcher', () => {
  it('runs the handler with the parsed input and answers ok', async () => {
    const { dispatch } = dispatcherWith({});
    expect(await dispatch('app.ping', { text: 'hi' })).toEqual({ ok: true, value: { text: 'hi', receivedAt: 'now' } });
  });

  it('refuses a method the contract does not name, without running anything', async () => {
    const { dispatch } = dispatcherWith({});
    for (const name of ['app.nope', 'toString', '__proto__', 42, null]) {
      const result = await dispatch(name, {});
      expect(result, String(name)).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }
  });

  it('refuses input that does not match the schema and names the field', async () => {
    const ping = vi.fn();
    const { dispatch } = dispatcherWith({ 'app.ping': ping });
    const result = await dispatch('app.ping', { text: 42 });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (result.ok) throw new Error('expected a failure');
    expect(result.error.message).toMatch(/^Invalid input for app\.ping: text: /);
    expect(result.error.details).toEqual({ issues: [expect.objectContaining({ path: ['text'] })] });
    // Strict input: an extra field is an error, not silently ignored.
    expect(await dispatch('app.ping', { text: 'a', extra: 1 })).toMatchObject({ error: { code: 'invalid-input' } });
    expect(ping).not.toHaveBeenCalled();
  });

  it('turns a ConsoleFailure into that specific error', async () => {
    const { dispatch, onInternalError } = dispatcherWith({
      'app.ping': () => {
        throw new ConsoleFailure('profile-missing', 'No profile named "x".', { name: 'x' });
      },
    });
    expect(await dispatch('app.ping', { text: 'a' })).toEqual({
      ok: false,
      error: { code: 'profile-missing', message: 'No profile named "x".', details: { name: 'x' } },
    });
    expect(onInternalError).not.toHaveBeenCalled();
  });

  it('strips output fields the contract does not name', async () => {
    const { dispatch } = dispatcherWith({
      'app.info': () => ({ ...INFO, bearerToken: 'sk_live_should_not_cross' }) as typeof INFO,
    });
    const result = await dispatch('app.info', undefined);
    expect(result).toEqual({ ok: true, value: INFO });
    expect(JSON.stringify(result)).not.toContain('sk_live');
  });

  it('reports output that breaks the contract as invalid-output', async () => {
    const { dispatch, onInternalError } = dispatcherWith({ 'app.info': () => ({ ...INFO, version: 7 }) as never });
    expect(await dispatch('app.info', undefined)).toMatchObject({ ok: false, error: { code: 'invalid-output' } });
    expect(onInternalError).toHaveBeenCalledWith('app.info', expect.anything());
  });

  it('answers an unexpected throw with `internal`, reports it, and masks credentials in the message', async () => {
    const { dispatch, onInternalError } = dispatcherWith({
      'app.ping': async () => {
        throw new Error('gateway said no to Authorization: Bearer abcdefghijkl1234');
      },
    });
    const result = await dispatch('app.ping', { text: 'a' });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (result.ok) throw new Error('expected a failure');
    expect(result.error.message).toContain('app.ping failed unexpectedly');
    expect(result.error.message).not.toContain('abcdefghijkl1234');
    expect(result.error.message).toContain('••••1234');
    expect(onInternalError).toHaveBeenCalledWith('app.ping', expect.any(Error));
  });
});
