import type { ConsoleApi, EventName, EventPayload } from '@shared/contract';
import { fail, type Result } from '@shared/result';

const TOKEN_STORAGE_KEY = 'gateway-console.session-token';

/**
 * The session token arrives once as `?token=` in the URL the host printed; it is moved to
 * sessionStorage (survives reloads of this tab only) and removed from the address bar.
 */
export function takeSessionToken(location: Location, storage: Storage, history: History): string | null {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    params.delete('token');
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    return fromUrl;
  }
  return storage.getItem(TOKEN_STORAGE_KEY);
}

type Listener = (payload: unknown) => void;

/**
 * Every method and event of the contract is named `area.verb`. The page goes by that shape rather than
 * the contract's list, which would bring every zod schema of the contract into the first download; the
 * host checks the name (an unknown method is answered `unknown-method`).
 */
const CONTRACT_NAME = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;

/** Something in between (a proxy, a restarted host on the same port) may answer with anything. */
const isResult = (value: unknown): value is Result<unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; value?: unknown; error?: { code?: unknown } };
  return candidate.ok === true
    ? 'value' in candidate
    : candidate.ok === false && typeof candidate.error?.code === 'string';
};

/**
 * Whether this page can still reach the host that served it: `disconnected` while the host does not
 * answer (stopped, crashed), `session-ended` once a host answers that no longer knows this tab's token
 * (the console restarted with a new one: only the new address it printed works).
 */
export type HostConnection = 'connected' | 'disconnected' | 'session-ended';

/** How long a closed event stream waits before asking the host again whether it is back. */
const RECONNECT_PROBE_MS = 3000;

/** ConsoleApi over the browser-mode host: POST /api/call/<method>, push events over SSE. */
export function createHostTransport(
  origin: string,
  token: string | null,
  onConnection: (state: HostConnection) => void = () => {},
): ConsoleApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let source: EventSource | null = null;
  let connection: HostConnection = 'connected';
  const report = (state: HostConnection) => {
    if (state === connection) return;
    // A restarted host never learns this tab's token again: that verdict is final for this page.
    if (connection === 'session-ended') return;
    connection = state;
    onConnection(state);
  };

  const ensureEventSource = () => {
    if (source || !token) return;
    const opened = new EventSource(`${origin}/api/events?token=${encodeURIComponent(token)}`);
    source = opened;
    for (const name of listeners.keys()) addSourceListener(name);
    // A change made before the stream was (re)connected was pushed to nobody: the profile listeners
    // read the list again (they reload whatever the ids), so a page never keeps a stale profile list.
    opened.addEventListener('open', () => {
      report('connected');
      for (const listener of listeners.get('profiles.changed') ?? []) listener({ ids: [] });
    });
    // The stream is the first to notice a stopped host: the user learns it before their next click.
    opened.addEventListener('error', () => {
      if (opened.readyState !== EventSource.CLOSED) return report('disconnected');
      // The browser gave up (a host answered, but refused the stream): ask why with an ordinary call.
      if (source === opened) source = null;
      void probe();
    });
  };
  const probe = async () => {
    const answer = await call('app.ping', { text: 'connection check' });
    if (connection === 'session-ended') return;
    if (answer.ok) return ensureEventSource();
    setTimeout(() => void probe(), RECONNECT_PROBE_MS);
  };
  const addSourceListener = (name: EventName) => {
    source?.addEventListener(name, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listener of listeners.get(name) ?? []) listener(payload);
    });
  };

  const call = async (method: string, input: unknown): Promise<Result<unknown>> => {
    if (!token)
      return fail('no-session', 'This page was opened without its session token: open the URL the console printed.');
    let response: Response;
    try {
      response = await fetch(`${origin}/api/call/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
        body: JSON.stringify({ input }),
      });
    } catch {
      report('disconnected');
      return fail('host-unreachable', 'The console host is not answering. Is `npm start` still running?');
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!isResult(answer)) {
      return fail('host-bad-response', `The console host answered HTTP ${response.status} without a result.`, {
        status: response.status,
      });
    }
    report(!answer.ok && answer.error.code === 'session-ended' ? 'session-ended' : 'connected');
    return answer;
  };

  const api: Record<string, unknown> = {
    on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) {
      if (typeof name !== 'string' || !CONTRACT_NAME.test(name)) throw new Error(`Unknown event ${String(name)}`);
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
        addSourceListener(name);
      }
      set.add(listener as Listener);
      ensureEventSource();
      return () => set.delete(listener as Listener);
    },
  };
  // One function per method, made on first use (and kept, so the same method is the same function).
  return new Proxy(api, {
    get: (target, name) => {
      if (typeof name === 'string' && !Object.hasOwn(target, name) && CONTRACT_NAME.test(name))
        target[name] = (input?: unknown) => call(name, input);
      return target[name as string];
    },
  }) as ConsoleApi;
}
