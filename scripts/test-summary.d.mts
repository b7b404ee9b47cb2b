// Types for scripts/test-summary.mjs.
export declare function summarize(
  steps: ReadonlyArray<{ label: string; ok: boolean }>,
  tests: { passed: number; failed: number },
): { lines: string[]; exitCode: number };
