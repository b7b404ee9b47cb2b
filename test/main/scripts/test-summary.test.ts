import { describe, expect, it } from 'vitest';
import { summarize } from '../../../scripts/test-summary.mjs';

describe("npm test's closing lines (scripts/test-summary.mjs)", () => {
  it('lists the pipeline steps above a last line that counts the tests when every step passed', () => {
    const { lines, exitCode } = summarize(
      [
        { label: 'lint (eslint)', ok: true },
        { label: 'build (electron-vite)', ok: true },
      ],
      { passed: 852, failed: 0 },
    );
    expect(lines.at(-1)).toBe('all: 852 passed, 0 failed');
    expect(lines).toContain('pipeline: 2 of 2 steps passed');
    expect(lines).toContain('  ✔ lint (eslint)');
    expect(exitCode).toBe(0);
  });

  it('a failed step (lint, type-check, build, scan) is counted as a failure in the last line, never "0 failed"', () => {
    const { lines, exitCode } = summarize(
      [
        { label: 'lint (eslint)', ok: false },
        { label: 'build (electron-vite)', ok: true },
      ],
      { passed: 852, failed: 0 },
    );
    expect(lines.at(-1)).toBe('all: 852 passed, 1 failed');
    expect(lines).toContain('pipeline: 1 of 2 steps passed');
    expect(lines).toContain('  ✘ lint (eslint)');
    expect(exitCode).toBe(1);
  });

  it('is red when a test failed or when no test ran at all', () => {
    expect(summarize([], { passed: 10, failed: 1 }).exitCode).toBe(1);
    expect(summarize([{ label: 'lint', ok: true }], { passed: 0, failed: 0 }).exitCode).toBe(1);
  });
});
