import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostTransport, takeSessionToken } from '../../src-renderer/src/api/host-transport';

describe('takeSessionToken', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('moves the token from the address bar to sessionStorage, keeping the rest of the URL', () => {
    window.history.replaceState(null, '', '/?token=s3cret-token&lang=pt#/orders');
    expect(takeSessionToken(window.location, window.sessionStorage, window.history)).toBe('s3cret-token');
    expect(window.location.href).not.toContain('s3cret-token');
    expect(window.location.search).toBe('?lang=pt');
    expect(window.location.hash).toBe('#/orders');
    expect(window.sessionStorage.getItem('gateway-console.session-token')).toBe('s3cret-token');
  });

  it('finds the token again after a reload (no token in the URL any more)', () => {
    window.history.replaceState(null, '', '/?token=first');
    takeSessionToken(window.location, window.sessionStorage, window.history);
    window.history.replaceState(null, '', '/#/settings');
    expect(takeSessionToken(window.location, window.sessionStorage, window.history)).toBe('first');
    expect(window.location.hash).toBe('#/settings');
  });

  it('returns null when the page was opened without a token', () => {
    window.history.replaceState(null, '', '/');
    expect(takeSessionToken(window.location, window.sessionStorage, window.history)).toBeNull();
  });
});

describe('host transport error paths', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the host is unreachable when the request cannot be sent', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const result = await createHostTransport('http://127.0.0.1:9', 'token')['app.info']();
    expect(result).toMatchObject({ ok: false, error: { code: 'host-unreachable' } });
    if (!result.ok) expect(result.error.message).toContain('npm start');
  });

  it('says the answer was not a result when the host replies with something else', async () => {
    for (const body of ['<html>502 Bad Gateway</html>', '{"hello":"world"}', 'null']) {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 502 })));
      const result = await createHostTransport('http://127.0.0.1:9', 'token')['app.info']();
      expect(result, body).toMatchObject({ ok: false, error: { code: 'host-bad-response' } });
      if (!result.ok) expect(result.error.message).toContain('HTTP 502');
    }
  });

  it('passes the host’s own errors through unchanged', async () => {
    const refusal = { ok: false, error: { code: 'unauthorized', message: 'A valid session token is required.' } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(refusal), { status: 401 })));
    expect(await createHostTransport('http://127.0.0.1:9', 'stale')['app.info']()).toEqual(refusal);
  });

  it('sends the call as JSON with the token header to /api/call/<method>', async () => {
    const fetchSpy = vi.fn().mockResolvedValue(new Response('{"ok":true,"value":{"text":"a","receivedAt":"t"}}'));
    vi.stubGlobal('fetch', fetchSpy);
    await createHostTransport('http://127.0.0.1:9', 'tok')['app.ping']({ text: 'a' });
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9/api/call/app.ping');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Console-Token': 'tok' });
    expect(JSON.parse(String(init.body))).toEqual({ input: { text: 'a' } });
  });

  it('has a function for every area.verb method, the same one each time, and is never taken for a promise', async () => {
    const api = createHostTransport('http://127.0.0.1:9', 'tok');
    expect(api['orders.create']).toBeTypeOf('function');
    expect(api['orders.create']).toBe(api['orders.create']);
    // Resolving a promise with the API must give the API back, not call a `then` method on the host.
    expect(await Promise.resolve(api)).toBe(api);
    expect(() => api.on('not an event' as never, () => {})).toThrow('Unknown event');
  });

  it('does not call the host at all without a session token', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const result = await createHostTransport('http://127.0.0.1:9', null)['app.info']();
    expect(result).toMatchObject({ ok: false, error: { code: 'no-session' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stale tab after a restart: a foreign-token refusal reports session-ended, once and for good', async () => {
    const states: string[] = [];
    const refusal = { ok: false, error: { code: 'session-ended', message: 'open the new address' } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(refusal), { status: 401 })));
    const api = createHostTransport('http://127.0.0.1:9', 'stale', (state) => states.push(state));
    await api['app.info']();
    // Even an answer that looks fine later does not undo it: this tab's token belongs to the old run.
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"ok":true,"value":{"text":"a"}}')));
    await api['app.ping']({ text: 'a' });
    expect(states).toEqual(['session-ended']);
  });

  it('host disconnected: an unreachable host reports disconnected, and its return reports connected', async () => {
    const states: string[] = [];
    const api = createHostTransport('http://127.0.0.1:9', 'token', (state) => states.push(state));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await api['app.info']();
    await api['app.info']();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"ok":true,"value":{"text":"a"}}')));
    await api['app.ping']({ text: 'a' });
    expect(states).toEqual(['disconnected', 'connected']);
  });
});
