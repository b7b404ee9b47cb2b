import { events, type EventName, type EventPayload } from '@shared/contract';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/**
 * Push events from the core to every attached shell (IPC window, browser-mode SSE clients).
 * Payloads are parsed with the contract schema on the way out, which also strips any field the
 * contract does not name — a second guard against a secret riding along on an internal object.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const clean = events[name].payload.parse(payload) as EventPayload<E>;
    for (const listener of this.listeners) {
      try {
        listener(name, clean);
      } catch {
        // A broken listener (closed window, dropped SSE client) must not stop delivery to the others.
      }
    }
  }
}
