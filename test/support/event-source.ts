import { get, type ClientRequest } from 'node:http';

/**
 * The part of the browser's EventSource the renderer's host transport uses, for Node 20 (which has
 * none): one GET, `event:`/`data:` frames dispatched as MessageEvents, `open` once the host accepted
 * the stream. No reconnection — a test that loses its stream should fail, not retry.
 */
export class NodeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since the last `reset()`, so a test can wait for the transport's own. */
  static readonly instances: NodeEventSource[] = [];

  readyState = NodeEventSource.CONNECTING;
  /** Resolves once the host answered 200 (it subscribes to the core before answering). */
  readonly opened: Promise<void>;
  private readonly request: ClientRequest;

  constructor(readonly url: string) {
    super();
    NodeEventSource.instances.push(this);
    let resolveOpen!: () => void;
    let rejectOpen!: (error: Error) => void;
    this.opened = new Promise((resolve, reject) => ((resolveOpen = resolve), (rejectOpen = reject)));
    this.opened.catch(() => {}); // observed through `error` events too
    this.request = get(url, { headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        this.fail(rejectOpen, new Error(`The event stream answered HTTP ${res.statusCode}`));
        return;
      }
      this.readyState = NodeEventSource.OPEN;
      resolveOpen();
      this.dispatchEvent(new Event('open'));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.dispatchFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
    });
    this.request.on('error', (error) => this.fail(rejectOpen, error));
  }

  close(): void {
    this.readyState = NodeEventSource.CLOSED;
    this.request.destroy();
  }

  static async closeAll(): Promise<void> {
    for (const source of NodeEventSource.instances.splice(0)) source.close();
  }

  private fail(rejectOpen: (error: Error) => void, error: Error): void {
    if (this.readyState === NodeEventSource.CLOSED) return;
    this.readyState = NodeEventSource.CLOSED;
    rejectOpen(error);
    this.dispatchEvent(new Event('error'));
  }

  private dispatchFrame(frame: string): void {
    let type = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line === '' || line.startsWith(':')) continue; // comments: `: connected`, heartbeats
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) this.dispatchEvent(new MessageEvent(type, { data: data.join('\n') }));
  }
}
