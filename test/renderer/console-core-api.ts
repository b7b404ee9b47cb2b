/**
 * For renderer tests against a real console core: the page's ConsoleApi answered by the core's contract
 * dispatcher (events not delivered: `on` subscribes to nothing), and a wait long enough for the screens'
 * calls to main and their re-renders to settle.
 */
import { flushPromises } from '@vue/test-utils';
import type { ConsoleApi } from '@shared/contract';

export function consoleApiOf(core: { dispatch(method: string, input?: unknown): Promise<unknown> }): ConsoleApi {
  return new Proxy({} as ConsoleApi, {
    get: (_, name: string) => (name === 'on' ? () => () => undefined : (input?: unknown) => core.dispatch(name, input)),
  });
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
