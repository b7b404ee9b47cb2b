import type { ServerResponse } from 'node:http';
import type { EventBus } from '../core/event-bus';

/** Server-Sent Events: one `event: <name>` frame per core push event, plus a heartbeat. */
export function attachEventStream(res: ServerResponse, bus: EventBus): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write(': connected\n\n');
  const unsubscribe = bus.subscribe((name, payload) => {
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  // Comments keep idle connections alive through the host's own timeouts.
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), 15_000);
  heartbeat.unref();
  const detach = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  res.on('close', detach);
  return detach;
}
