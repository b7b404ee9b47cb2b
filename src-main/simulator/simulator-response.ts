/**
 * The simulator's ServerResponse: what every answer does before it leaves, whatever route wrote it.
 * A class given to createServer, not methods patched onto each response: that per-request closure made
 * V8 promote about 1 KB a request to the old generation, and the RSS after 100,000 creates was 297 MB
 * instead of 174.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';

/** Whether the request announced a body (sized or chunked). */
const announcesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** `journals.flush()` writes every pending change of the state files (the worlds') to disk. */
export const simulatorResponse = (journals: { flush(): void } | null) =>
  class SimulatorResponse extends ServerResponse {
    /**
     * Answered before the body was read (refused, oversized, armed fault): the connection closes after
     * the answer. Keeping it alive would make Node read and discard the rest of the body first, and a
     * chunked body has no end a client must keep to.
     */
    override writeHead(...args: unknown[]): this {
      if (!this.req.complete && announcesBody(this.req)) this.shouldKeepAlive = false;
      return (super.writeHead as (...headArgs: unknown[]) => this)(...args);
    }

    /** The pending state is written to the file first: a kill -9 right after an answer must not lose it. */
    override end(...args: unknown[]): this {
      journals?.flush();
      return (super.end as (...endArgs: unknown[]) => this)(...args);
    }
  };
