// The end of `npm test`'s output: every pipeline step with its outcome, then the one line the
// workplace reads. That line counts tests, and every failed step as one more failure: a red lint,
// type-check, build or scan must never end in "0 failed".

/**
 * @param {{ label: string, ok: boolean }[]} steps
 * @param {{ passed: number, failed: number }} tests
 * @returns {{ lines: string[], exitCode: number }}
 */
export function summarize(steps, tests) {
  const failedSteps = steps.filter((step) => !step.ok);
  const lines = [
    '',
    `pipeline: ${steps.length - failedSteps.length} of ${steps.length} steps passed`,
    ...steps.map((step) => `  ${step.ok ? '✔' : '✘'} ${step.label}`),
    `all: ${tests.passed} passed, ${tests.failed + failedSteps.length} failed`,
  ];
  const green = failedSteps.length === 0 && tests.failed === 0 && tests.passed > 0;
  return { lines, exitCode: green ? 0 : 1 };
}
