import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinScenarios, BUILTIN_FILES } from '../../../src-main/qa/builtin';
import { qaProfileOf, runnerDepsFor } from '../../../src-main/core/qa-bindings';
import { ScenarioRunner } from '../../../src-main/qa/scenario-runner';
import { startCore } from '../core/harness';

describe('built-in scenario library', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('every built-in file loads', () => {
    expect(builtinScenarios()).toHaveLength(BUILTIN_FILES.length);
  });

  it('runs green on the Sandbox: at least 30 scenario runs, none failed', async () => {
    const { core } = harness;
    const runner = new ScenarioRunner(runnerDepsFor(core));
    const result = await runner.run({
      scenarios: builtinScenarios(),
      profiles: { A: qaProfileOf(core, 'sandbox-a'), B: qaProfileOf(core, 'sandbox-b') },
    });
    const failures = result.scenarios
      .filter((scenario) => scenario.status !== 'passed')
      .map((scenario) => `${scenario.key}: ${scenario.message}`);
    expect(failures).toEqual([]);
    expect(result.counts.total).toBeGreaterThanOrEqual(30);
    expect(result.counts.passed).toBe(result.counts.total);
    // Every gateway call a step made is kept for the Inspector and the reports (refusals send nothing).
    const gatewaySteps = result.scenarios
      .flatMap((scenario) => scenario.steps)
      .filter((step) => ['create', 'reference', 'mbway', 'status', 'pollUntil', 'action'].includes(step.kind));
    const sent = gatewaySteps.filter((step) => !step.checks.some((check) => check.what === 'refused'));
    expect(sent.length).toBeGreaterThan(50);
    expect(sent.every((step) => step.exchanges.length >= 1)).toBe(true);
    // Money-moving calls were each sent exactly once.
    const moving = sent.filter((step) => step.kind !== 'status' && step.kind !== 'pollUntil');
    expect(moving.every((step) => step.exchanges.length === 1 && step.exchanges[0]!.timings.attempts === 1)).toBe(true);
  }, 120_000);
});
