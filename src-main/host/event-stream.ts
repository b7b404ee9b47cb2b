import type { ServerResponse } from 'node:http';
import type { EventBus } from '../common/event-bus';

/** Unsent bytes a stream may pile up before its client counts as gone (a tab that stopped reading). */
export const MAX_PENDING_EVENT_BYTES = 1024 * 1024;

/** Server-Sent Events: one `event: <name>` frame per core push event, plus a heartbeat. */
export function attachEventStream(res: ServerResponse, bus: EventBus): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write(': connected\n\n');
  const send = (text: string) => {
    // Never buffer without bound for a client that does not read: drop it, it can reconnect.
    if (!res.write(text) && res.writableLength > MAX_PENDING_EVENT_BYTES) res.destroy();
  };
  const unsubscribe = bus.subscribe((name, payload) => send(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`));
  // Comments keep idle connections alive through proxies and the browser's own timeouts.
  const heartbeat = setInterval(() => send(': heartbeat\n\n'), 15_000);
  heartbeat.unref();
  const detach = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  res.on('close', detach);
  return detach;
}
