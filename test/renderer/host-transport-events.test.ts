import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostTransport } from '../../src-renderer/src/api/host-transport';

/** A stand-in for the browser's EventSource: the test opens it and pushes messages by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly handlers = new Map<string, Array<(event: unknown) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, handler: (event: unknown) => void): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  fire(name: string, event: unknown = {}): void {
    for (const handler of this.handlers.get(name) ?? []) handler(event);
  }
}

describe('host transport push events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells profile listeners to reload when the event stream (re)connects, since changes before it were missed', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = createHostTransport('http://127.0.0.1:1', 'token');
    const reloads: unknown[] = [];
    api.on('profiles.changed', (payload) => reloads.push(payload));
    const source = FakeEventSource.last!;
    expect(reloads).toEqual([]);
    source.fire('open');
    expect(reloads).toEqual([{ ids: [] }]);
    source.fire('profiles.changed', { data: JSON.stringify({ ids: ['p1'] }) });
    source.fire('open'); // a reconnect after a dropped stream
    expect(reloads).toEqual([{ ids: [] }, { ids: ['p1'] }, { ids: [] }]);
  });
});
