/**
 * The simulator's ServerResponse: what every answer does before it leaves, whatever route wrote it.
 * A class given to createServer, not methods patched onto each response: a per-request closure would be
 * kept alive by every response and grow the simulator's memory with its traffic.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { PendingShopCall } from './shop-capture';
import type { BodyFault } from './call-faults';

/** Whether the request announced a body (sized or chunked). */
const announcesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** A `writeHead` headers argument given as an object (not Node's flat array form). */
const isHeaderObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the headers name their own Date (in any case): then it is theirs, as a set header would be. */
const namesDate = (headers: Record<string, unknown>): boolean => {
  for (const name in headers) if (name.length === 4 && name.toLowerCase() === 'date') return true;
  return false;
};

/** Whatever tells simulated time (a SimClock): the `Date` header of an answer is in that time. */
export interface AnswerClock {
  now(): number;
}

/**
 * `Date` header text (IMF-fixdate, 1 s resolution) for a simulated instant. The last one is kept: within
 * a second every answer sends the same text, as Node's own Date cache does.
 */
let dateCacheSecond = NaN;
let dateCacheText = '';
export function httpDate(at: number): string {
  const second = Math.floor(at / 1000);
  if (second !== dateCacheSecond) {
    dateCacheSecond = second;
    dateCacheText = new Date(second * 1000).toUTCString();
  }
  return dateCacheText;
}

/** `journals.flush()` writes every pending change of the state files (the worlds') to disk. */
export const simulatorResponse = (journals: { flush(): void } | null, clock: AnswerClock) =>
  class SimulatorResponse extends ServerResponse {
    /**
     * The clock whose time this answer's `Date` header states. A client learns the gateway's time from
     * that header (the console's countdowns follow it), so it must be simulated time, not the wall clock
     * Node would otherwise send. A request addressed to another clock's transactions sets that clock here.
     */
    answerClock: AnswerClock = clock;

    /** The shop-traffic capture following this answer, when the world records (shop-capture.ts). */
    shopCall: PendingShopCall | null = null;

    /** An armed transport fault on this answer's body: cut half-way, or trickled out (call-faults.ts). */
    bodyFault: BodyFault | null = null;

    /**
     * Answered before the body was read (refused, oversized, armed fault): the connection closes after
     * the answer. Keeping it alive would make Node read and discard the rest of the body first, and a
     * chunked body has no end a client must keep to.
     */
    override writeHead(...args: unknown[]): this {
      if (!this.req.complete && announcesBody(this.req)) this.shouldKeepAlive = false;
      // Every answer, errors and faults included, goes through here (implicit headers too).
      if (!this.hasHeader('date')) {
        const date = httpDate(this.answerClock.now());
        const last = args.length > 1 ? args[args.length - 1] : undefined;
        // Written with the answer's own headers: a header set apart (setHeader) makes Node set every other
        // one the same way, copying each.
        if (isHeaderObject(last) && !namesDate(last)) args[args.length - 1] = { Date: date, ...last };
        else this.setHeader('Date', date);
      }
      (super.writeHead as (...headArgs: unknown[]) => this)(...args);
      // A capture keeps the header object the answer was written with (no copy read back from Node).
      if (this.shopCall) {
        const last = args.length > 1 ? args[args.length - 1] : undefined;
        this.shopCall.headSent(this, isHeaderObject(last) ? last : null);
      }
      return this;
    }

    /** The pending state is written to the file first: a kill -9 right after an answer must not lose it. */
    override end(...args: unknown[]): this {
      journals?.flush();
      const fault = this.bodyFault;
      if (fault && typeof args[0] === 'string') {
        this.bodyFault = null;
        return this.faultyEnd(fault, args[0]);
      }
      (super.end as (...endArgs: unknown[]) => this)(...args);
      // Recorded once the answer is on its way: the capture must not delay what the shop is waiting for.
      this.shopCall?.answered(this, args[0]);
      return this;
    }

    private faultyEnd(fault: BodyFault, text: string): this {
      const end = (chunk?: string) => (super.end as (...endArgs: unknown[]) => this)(chunk);
      if (fault.kind === 'truncated') {
        // Content-Length promised the whole body: half of it, then the connection closes.
        const half = text.slice(0, Math.floor(text.length / 2));
        this.shopCall?.answered(this, half);
        this.write(half, () => this.socket?.destroy());
        return this;
      }
      this.shopCall?.answered(this, text);
      const pieces = 5;
      const size = Math.ceil(text.length / pieces);
      const step = fault.totalMs / pieces;
      let index = 0;
      const next = (): void => {
        if (this.destroyed) return;
        const chunk = text.slice(index * size, (index + 1) * size);
        index += 1;
        if (index >= pieces) {
          end(chunk);
          return;
        }
        this.write(chunk);
        setTimeout(next, step);
      };
      next();
      return this;
    }
  };
