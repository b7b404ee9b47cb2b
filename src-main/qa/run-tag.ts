/**
 * Which scenario run a gateway call belongs to. The runner runs each scenario inside `withRunTag`; the
 * gateway service stamps every exchange made meanwhile (so History marks the rows a run created, even
 * though the call went through the same SDK as a hand-made one). Async context, not a parameter: no
 * endpoint needs to know about runs, and a call made elsewhere at the same time is never stamped.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RunTag {
  runId: string;
  /** `file` or `file#row` of the scenario that made the call. */
  scenario: string;
}

const storage = new AsyncLocalStorage<RunTag>();

export const withRunTag = <T>(tag: RunTag, work: () => Promise<T>): Promise<T> => storage.run(tag, work);

export const currentRunTag = (): RunTag | undefined => storage.getStore();
