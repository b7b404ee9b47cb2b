/** The Sandbox's magic values, fetched once from main (the simulator's own table: one source of truth). */
import { shallowRef } from 'vue';
import type { MethodOutput } from '@shared/contract';
import { useConsoleApi } from '../api';

export type TestValues = MethodOutput<'qa.testValues'>;

const values = shallowRef<TestValues | null>(null);
let loading: Promise<void> | null = null;

export function useTestValues() {
  // A console without the method (an older host) or a failed call leaves the pickers hidden: they are a
  // convenience and must never break the form they sit on.
  loading ??= Promise.resolve()
    .then(() => useConsoleApi()['qa.testValues']())
    .then((result) => {
      if (result.ok) values.value = result.value;
    })
    .catch(() => undefined);
  return values;
}

/** catalogue key of an outcome: the simulator's names are kebab-case, message keys camelCase. */
export const messageKey = (name: string): string =>
  name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
