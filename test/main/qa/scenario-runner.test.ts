import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSettingsSchema } from '@shared/contract/profiles';
import { qaProfileOf, runnerDepsFor } from '../../../src-main/core/qa-bindings';
import { loadScenario } from '../../../src-main/qa/scenario-loader';
import { ScenarioRunner } from '../../../src-main/qa/scenario-runner';
import { startCore } from '../core/harness';

const scenario = (steps: string, extra = '') =>
  loadScenario(
    'tests/s.yaml',
    `format: gateway-console/scenario@1\nname: Under test\nvariant: A\n${extra}steps:\n${steps}`,
  );

describe('scenario runner on the Sandbox', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });
  const sandboxA = () => ({ A: qaProfileOf(harness.core, 'sandbox-a') });

  it('a wrong expectation fails the step with expected vs actual and keeps its exchange', async () => {
    const runner = new ScenarioRunner(runnerDepsFor(harness.core));
    const run = await runner.run({
      scenarios: [
        scenario(`  - id: create
    create: {}
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success, fields: { amount.value: "99.00" } }
  - status: { transactionID: "\${create.transactionID}" }
`),
      ],
      profiles: sandboxA(),
    });
    const [result] = run.scenarios;
    expect(result!.status).toBe('failed');
    const step = result!.steps[1]!;
    expect(step.status).toBe('failed');
    expect(step.checks.filter((check) => !check.passed)).toEqual([
      { what: 'paymentStatus', expected: 'Success', actual: 'Pending', passed: false },
      { what: 'fields.amount.value', expected: '99.00', actual: '10.50', passed: false },
    ]);
    expect(step.message).toBe(
      'paymentStatus: expected "Success", got "Pending"; fields.amount.value: expected "99.00", got "10.50"',
    );
    expect(step.exchanges).toHaveLength(1);
    expect(step.exchanges[0]!.operation).toBe('getStatus');
    // The step after a failure does not run: it is skipped with the reason.
    expect(result!.steps[2]).toMatchObject({ status: 'skipped', message: 'Skipped: an earlier step failed (step 2).' });
    expect(run.counts).toEqual({ total: 1, passed: 0, failed: 1, skipped: 0 });
  });

  it('a data table runs once per row, each row with its own captures', async () => {
    const runner = new ScenarioRunner(runnerDepsFor(harness.core));
    const run = await runner.run({
      scenarios: [
        scenario(
          `  - id: create
    create: { overrides: { transaction.amount.value: "\${row.amount}" } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { fields: { amount.value: "\${row.shown}" } }
`,
          'data:\n  - { amount: 1.5, shown: "1.50" }\n  - { amount: 20, shown: "20.00" }\n',
        ),
      ],
      profiles: sandboxA(),
    });
    expect(run.scenarios.map((item) => [item.key, item.status])).toEqual([
      ['tests/s.yaml#1', 'passed'],
      ['tests/s.yaml#2', 'passed'],
    ]);
    const ids = run.scenarios.map((item) => item.steps[0]!.exchanges[0]!.transactionID);
    expect(new Set(ids).size).toBe(2);
  });

  it('skips Sandbox-only steps with a reason on a test profile, and never retries a money-moving call', async () => {
    const { core } = harness;
    const saved = await core.profiles.save({
      settings: profileSettingsSchema.parse({
        name: 'Merchant test',
        environment: 'test',
        baseUrl: core.simulator!.url,
        terminalId: '1000001',
        variant: 'A',
      }),
      secrets: {
        bearerToken: core.simulator!.terminals[0]!.token,
        clientId: core.simulator!.clientId,
      },
    });
    const runner = new ScenarioRunner(runnerDepsFor(core));
    const run = await runner.run({
      scenarios: [
        scenario(`  - id: create
    create: { overrides: { transaction.amount.value: 5.00 } }
    expect: { httpStatus: 500 }
  - sandbox: { advanceClock: 10 }
`),
      ],
      profiles: { A: qaProfileOf(core, saved.id) },
    });
    const [result] = run.scenarios;
    expect(result!.message).toBeNull();
    expect(result!.status).toBe('passed');
    expect(result!.steps[0]!.exchanges.map((exchange) => exchange.timings.attempts)).toEqual([1]);
    expect(result!.steps[1]).toMatchObject({
      status: 'skipped',
      message: 'Skipped: Sandbox-only step, and "Merchant test" is a test profile.',
    });
  });

  it('a scenario of a variant without a profile is skipped, not failed', async () => {
    const run = await new ScenarioRunner(runnerDepsFor(harness.core)).run({
      scenarios: [scenario('  - create: {}\n')],
      profiles: {},
    });
    expect(run.scenarios[0]).toMatchObject({
      status: 'skipped',
      message: 'Skipped: the scenario needs a Variant A profile and the run has none.',
    });
  });

  it('a manual step waits for the tester and records the verdict and note', async () => {
    const asked: string[] = [];
    const runner = new ScenarioRunner(
      runnerDepsFor(harness.core, {
        askManual: async (request) => {
          asked.push(request.prompt);
          return { passed: false, note: 'The app never showed the request' };
        },
      }),
    );
    const run = await runner.run({
      scenarios: [scenario('  - manual: { prompt: "Approve on your phone" }\n')],
      profiles: sandboxA(),
    });
    expect(asked).toEqual(['Approve on your phone']);
    expect(run.scenarios[0]!.steps[0]).toMatchObject({
      status: 'failed',
      note: 'The app never showed the request',
      message: 'The tester marked this step failed.',
    });
    // Without a tester (the CLI) the same step is skipped with the reason.
    const headless = await new ScenarioRunner(runnerDepsFor(harness.core)).run({
      scenarios: [scenario('  - manual: { prompt: "Approve on your phone" }\n')],
      profiles: sandboxA(),
    });
    expect(headless.scenarios[0]!.steps[0]!.message).toMatch(/^Skipped: a manual step needs a tester/);
  });
});
