import { isEventName, methodNames, type ConsoleApi, type EventName, type EventPayload } from '@shared/contract';
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

/** Something in between (a proxy, a restarted host on the same port) may answer with anything. */
const isResult = (value: unknown): value is Result<unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; value?: unknown; error?: { code?: unknown } };
  return candidate.ok === true
    ? 'value' in candidate
    : candidate.ok === false && typeof candidate.error?.code === 'string';
};

/** ConsoleApi over the browser-mode host: POST /api/call/<method>, push events over SSE. */
export function createHostTransport(origin: string, token: string | null): ConsoleApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let source: EventSource | null = null;

  const ensureEventSource = () => {
    if (source || !token) return;
    source = new EventSource(`${origin}/api/events?token=${encodeURIComponent(token)}`);
    for (const name of listeners.keys()) addSourceListener(name);
    // A change made before the stream was (re)connected was pushed to nobody: the profile listeners
    // read the list again (they reload whatever the ids), so a page never keeps a stale profile list.
    source.addEventListener('open', () => {
      for (const listener of listeners.get('profiles.changed') ?? []) listener({ ids: [] });
    });
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
      return fail('host-unreachable', 'The console host is not answering. Is `npm start` still running?');
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!isResult(answer)) {
      return fail('host-bad-response', `The console host answered HTTP ${response.status} without a result.`, {
        status: response.status,
      });
    }
    return answer;
  };

  const api: Record<string, unknown> = {
    on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) {
      if (!isEventName(name)) throw new Error(`Unknown event ${String(name)}`);
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
  for (const name of methodNames) api[name] = (input?: unknown) => call(name, input);
  return api as ConsoleApi;
}
