import type { Dispatcher } from 'undici';

/** What came back of one request: as much as arrived, however the exchange ended. */
export interface Received {
  /** Null when the headers never came (not connected, refused, the deadline ran out first…). */
  status: number | null;
  headers: Record<string, string>;
  chunks: Buffer[];
  bytes: number;
  /** The answer was longer than the cap: `chunks` hold its first `cap` bytes, the rest was not read. */
  overCap: boolean;
  /** Why the exchange ended early, or undefined when the whole answer (or the capped part) came. */
  error: unknown;
  deadlinePassed: boolean;
  /** The request reached a socket (undici was about to write it): before that, nothing was sent. */
  sent: boolean;
  /** This machine's clock (ms) when the answer's headers arrived, or null when none came. */
  headersAt: number | null;
}

export interface OutgoingRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Multi-valued headers as one string (`a, b`), the way the Exchange shows them. */
const flattenHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
};

/**
 * Sends one request through undici's dispatcher and collects its answer whole, within `deadlineMs` for the
 * whole call (connect, headers and body together: a gateway dribbling a byte every few seconds still runs
 * out of time) and cut off at `cap` bytes (the rest is not read). Never rejects: what arrived is resolved
 * with the reason the exchange ended.
 *
 * The dispatcher is used directly rather than through `undici.request`: the answer is wanted whole, not as
 * a stream, so request()'s Readable body and abort-signal plumbing would be work for nothing. The deadline
 * aborts through the dispatch controller.
 */
export function receiveAnswer(
  dispatcher: Dispatcher,
  request: OutgoingRequest,
  limits: { deadlineMs: number; cap: number },
): Promise<Received> {
  return new Promise((resolve) => {
    const received: Received = {
      status: null,
      headers: {},
      chunks: [],
      bytes: 0,
      overCap: false,
      error: undefined,
      deadlinePassed: false,
      sent: false,
      headersAt: null,
    };
    let controller: Dispatcher.DispatchController | null = null;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      received.error = error;
      resolve(received);
    };
    /** Settles now and stops the exchange; one not yet on a socket is stopped when it gets there. */
    const stop = (reason: Error, error?: unknown) => {
      settle(error);
      if (controller && !controller.aborted) controller.abort(reason);
    };
    const timer = setTimeout(() => {
      received.deadlinePassed = true;
      const reason = new Error(`deadline of ${limits.deadlineMs} ms`);
      stop(reason, reason);
    }, limits.deadlineMs);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (settled) started.abort(new Error('the call already ended'));
        else received.sent = true;
      },
      onResponseStart(_controller, statusCode, headers) {
        if (settled || statusCode < 200) return; // 1xx: the answer is still to come
        received.status = statusCode;
        received.headers = flattenHeaders(headers);
        received.headersAt = Date.now();
      },
      onResponseData(_controller, chunk) {
        if (settled) return;
        const room = limits.cap - received.bytes;
        if (chunk.length > room) {
          received.chunks.push(chunk.subarray(0, room));
          received.bytes += room;
          received.overCap = true;
          stop(new Error(`answer over ${limits.cap} bytes`));
          return;
        }
        received.chunks.push(chunk);
        received.bytes += chunk.length;
      },
      onResponseEnd() {
        settle(received.status === null ? new Error('the exchange ended without an answer') : undefined);
      },
      onResponseError(_controller, error) {
        settle(error);
      },
    };
    try {
      const { origin, pathname, search } = new URL(request.url);
      dispatcher.dispatch(
        {
          origin,
          path: `${pathname}${search}`,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body,
        },
        handler,
      );
    } catch (error) {
      settle(error);
    }
  });
}
