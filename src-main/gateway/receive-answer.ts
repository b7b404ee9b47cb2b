import type { Dispatcher } from 'undici';
import { callDeadlines, type Deadline } from './call-deadlines';

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
  /** `url` parsed already, if the caller has; a null one is not an absolute URL and is parsed again to say why. */
  target?: URL | null;
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
  return new Promise((resolve) => new AnswerReceiver(limits, resolve).send(dispatcher, request));
}

/**
 * One exchange's dispatch handler: collects what arrives and resolves it once, however the exchange ends.
 * A class, not a handler object of closures: one is made for every call the console sends.
 */
class AnswerReceiver implements Dispatcher.DispatchHandler {
  private readonly received: Received = {
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
  private controller: Dispatcher.DispatchController | null = null;
  private settled = false;
  private readonly deadline: Deadline;

  constructor(
    private readonly limits: { deadlineMs: number; cap: number },
    private readonly resolve: (received: Received) => void,
  ) {
    this.deadline = callDeadlines.start(limits.deadlineMs, () => this.deadlinePassed());
  }

  send(dispatcher: Dispatcher, request: OutgoingRequest): void {
    try {
      const { origin, pathname, search } = request.target ?? new URL(request.url);
      dispatcher.dispatch(
        {
          origin,
          path: `${pathname}${search}`,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body,
        },
        this,
      );
    } catch (error) {
      this.settle(error);
    }
  }

  onRequestStart(started: Dispatcher.DispatchController): void {
    this.controller = started;
    if (this.settled) started.abort(new Error('the call already ended'));
    else this.received.sent = true;
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (this.settled || statusCode < 200) return; // 1xx: the answer is still to come
    this.received.status = statusCode;
    this.received.headers = flattenHeaders(headers);
    this.received.headersAt = Date.now();
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    const { received, limits } = this;
    const room = limits.cap - received.bytes;
    if (chunk.length > room) {
      received.chunks.push(chunk.subarray(0, room));
      received.bytes += room;
      received.overCap = true;
      this.stop(new Error(`answer over ${limits.cap} bytes`));
      return;
    }
    received.chunks.push(chunk);
    received.bytes += chunk.length;
  }

  onResponseEnd(): void {
    this.settle(this.received.status === null ? new Error('the exchange ended without an answer') : undefined);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.settle(error);
  }

  private deadlinePassed(): void {
    this.received.deadlinePassed = true;
    const reason = new Error(`deadline of ${this.limits.deadlineMs} ms`);
    this.stop(reason, reason);
  }

  private settle(error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    callDeadlines.cancel(this.deadline);
    this.received.error = error;
    this.resolve(this.received);
  }

  /** Settles now and stops the exchange; one not yet on a socket is stopped when it gets there. */
  private stop(reason: Error, error?: unknown): void {
    this.settle(error);
    if (this.controller && !this.controller.aborted) this.controller.abort(reason);
  }
}
