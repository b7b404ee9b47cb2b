import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSettingsSchema } from '@shared/contract/profiles';
import type { Exchange } from '@shared/exchange';
import { qaProfileOf, runnerDepsFor } from '../../../src-main/core/qa-bindings';
import { MAX_POLL_QUERIES_PER_RUN, MIN_POLL_INTERVAL_MS, pollWaitMs } from '../../../src-main/qa/poll-limits';
import { loadScenario } from '../../../src-main/qa/scenario-loader';
import { ScenarioRunner } from '../../../src-main/qa/scenario-runner';
import { startCore } from '../core/harness';

const scenario = (steps: string, file = 'limits/s.yaml') =>
  loadScenario(file, `format: gateway-console/scenario@1\nname: ${file}\nvariant: A\nsteps:\n${steps}`);

/** Creates an order (it stays Pending: nobody pays it) and polls it for Success. */
const pollForever = (interval: number, timeout: number, file?: string) =>
  scenario(
    `  - id: create
    create: {}
  - pollUntil: { transactionID: "\${create.transactionID}", status: Success, intervalSeconds: ${interval}, timeoutSeconds: ${timeout} }
`,
    file,
  );

let harness: Awaited<ReturnType<typeof startCore>>;
let testProfileId: string;
let productionProfileId: string;
beforeAll(async () => {
  harness = await startCore();
  const sim = harness.core.simulator!;
  const saved = await harness.core.profiles.save({
    settings: profileSettingsSchema.parse({
      name: 'Shop test',
      environment: 'test',
      baseUrl: sim.url,
      terminalId: '1000001',
      variant: 'A',
    }),
    secrets: { bearerToken: sim.terminals[0]!.token, clientId: sim.clientId },
  });
  testProfileId = saved.id;
  // A production profile without credentials: if anything were sent, it would be recorded as refused.
  const production = await harness.core.profiles.save({
    settings: profileSettingsSchema.parse({
      name: 'Shop production',
      environment: 'production',
      baseUrl: `${sim.url}/`,
      terminalId: '1000002',
      variant: 'A',
    }),
    productionConfirmation: { profileName: 'Shop production' },
  });
  productionProfileId = production.id;
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const statusQueries = (exchanges: Exchange[]) => exchanges.filter((exchange) => exchange.operation === 'getStatus');

describe('pollUntil cannot hammer a real gateway (issue 25: 193 queries in 10 s to production)', () => {
  it(`on a test profile polling waits at least ${MIN_POLL_INTERVAL_MS} ms, whatever the scenario asks`, async () => {
    const runner = new ScenarioRunner(runnerDepsFor(harness.core));
    const run = await runner.run({
      scenarios: [pollForever(0.05, 2.5)],
      profiles: { A: qaProfileOf(harness.core, testProfileId) },
    });
    const polls = statusQueries(run.scenarios[0]!.steps[1]!.exchanges);
    // Asked every 50 ms for 2.5 s (about 50 queries); at most one a second is sent.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(4);
    const starts = polls.map((exchange) => Date.parse(exchange.timings.startedAt));
    for (let index = 1; index < starts.length; index++)
      expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(MIN_POLL_INTERVAL_MS - 20);
  }, 20_000);

  it(`a run sends at most ${MAX_POLL_QUERIES_PER_RUN} polling queries to a test gateway, and says so`, async () => {
    const waits: number[] = [];
    const runner = new ScenarioRunner({
      ...runnerDepsFor(harness.core),
      // The waits are recorded instead of slept, so the cap is reached in moments.
      sleep: async (ms) => void waits.push(ms),
    });
    const run = await runner.run({
      scenarios: [pollForever(0.05, 3_600, 'limits/first.yaml'), pollForever(0.05, 3_600, 'limits/second.yaml')],
      profiles: { A: qaProfileOf(harness.core, testProfileId) },
    });
    const sent = run.scenarios.flatMap((item) => statusQueries(item.steps[1]!.exchanges));
    expect(sent).toHaveLength(MAX_POLL_QUERIES_PER_RUN);
    expect(waits.every((ms) => ms >= MIN_POLL_INTERVAL_MS)).toBe(true);
    expect(run.scenarios[0]!.steps[1]).toMatchObject({ status: 'failed' });
    expect(run.scenarios[0]!.steps[1]!.message).toContain(`(${MAX_POLL_QUERIES_PER_RUN})`);
    // The cap is per run: the next scenario gets no fresh allowance.
    expect(statusQueries(run.scenarios[1]!.steps[1]!.exchanges)).toHaveLength(0);
    expect(run.scenarios[1]!.steps[1]!.message).toMatch(/Stopped polling: 60 status queries/);
  }, 30_000);

  it('the Sandbox keeps the interval the scenario asks for (it is the user’s own simulator)', async () => {
    const waits: number[] = [];
    const runner = new ScenarioRunner({ ...runnerDepsFor(harness.core), sleep: async (ms) => void waits.push(ms) });
    await runner.run({
      scenarios: [pollForever(0.05, 0.3)],
      profiles: { A: qaProfileOf(harness.core, 'sandbox-a') },
    });
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms === 50)).toBe(true);
  });

  it('a gateway’s Retry-After longer than the floor is the wait', () => {
    const answered = { response: { status: 429, headers: { 'Retry-After': '7' } } } as unknown as Exchange;
    expect(pollWaitMs({ name: 'Shop test', environment: 'test' }, 0.05, answered)).toBe(7_000);
    expect(pollWaitMs({ name: 'Shop test', environment: 'test' }, 0.05, undefined)).toBe(MIN_POLL_INTERVAL_MS);
    expect(pollWaitMs({ name: 'Shop test', environment: 'test' }, 5, answered)).toBe(7_000);
    expect(pollWaitMs({ name: 'Shop test', environment: 'test' }, 9, answered)).toBe(9_000);
  });

  it('polling a production profile needs the confirmation naming it; without it nothing is sent', async () => {
    const polling = scenario('  - pollUntil: { transactionID: "T-1", final: true }\n', 'limits/prod.yaml');
    const recorded = () => harness.events.filter((event) => event.name === 'exchanges.recorded').length;
    const before = recorded();
    const runner = new ScenarioRunner(runnerDepsFor(harness.core));
    const profiles = { A: qaProfileOf(harness.core, productionProfileId) };
    await expect(runner.run({ scenarios: [polling], profiles })).rejects.toMatchObject({
      code: 'confirmation-required',
    });
    await expect(
      runner.run({ scenarios: [polling], profiles, productionConfirmation: { profileName: 'Shop test' } }),
    ).rejects.toMatchObject({ code: 'confirmation-mismatch' });
    expect(recorded()).toBe(before);
    // Through the API the same: the run is refused before it exists.
    await harness.call('qa.addScenario', {
      file: 'prod-poll.yaml',
      text: `format: gateway-console/scenario@1\nname: Prod poll\nvariant: A\nsteps:\n  - pollUntil: { transactionID: "T-1", final: true }\n`,
    });
    const refused = await harness.core.dispatch('qa.run', {
      files: ['added/prod-poll.yaml'],
      profileA: productionProfileId,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'confirmation-required' } });
    const confirmed = await harness.core.dispatch('qa.run', {
      files: ['added/prod-poll.yaml'],
      profileA: productionProfileId,
      productionConfirmation: { profileName: profiles.A.name },
    });
    expect(confirmed.ok).toBe(true);
  });
});

describe('a run can be stopped (issue 25: only a restart stopped a polling scenario)', () => {
  it('stopping ends the run within moments, sends nothing more and keeps the partial result', async () => {
    const stopper = new AbortController();
    let sentAtStop = -1;
    const runner = new ScenarioRunner(
      runnerDepsFor(harness.core, {
        onProgress: (_runId, result) => {
          // Stop once the order exists and polling is under way.
          if (result.steps.length === 1 && !stopper.signal.aborted)
            setTimeout(() => {
              sentAtStop = 1;
              stopper.abort();
            }, 300);
        },
      }),
    );
    const started = Date.now();
    const run = await runner.run({
      scenarios: [pollForever(0.2, 120, 'limits/long.yaml'), pollForever(0.2, 120, 'limits/never.yaml')],
      profiles: { A: qaProfileOf(harness.core, 'sandbox-a') },
      signal: stopper.signal,
    });
    expect(sentAtStop).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.stopped).toBe(true);
    expect(run.finishedAt).not.toBeNull();
    // The second scenario never started; the first is reported as stopped, not passed.
    expect(run.scenarios.map((item) => item.file)).toEqual(['limits/long.yaml']);
    const [result] = run.scenarios;
    expect(result!.status).toBe('skipped');
    expect(result!.message).toMatch(/^Stopped by the user at step 2/);
    expect(result!.steps[0]!.status).toBe('passed');
    expect(result!.steps[1]!.message).toMatch(/^Stopped by the user while polling/);
    expect(run.counts).toEqual({ total: 1, passed: 0, failed: 0, skipped: 1 });
  }, 20_000);

  it('stopping while a manual step waits for the tester ends the run without an answer', async () => {
    const stopper = new AbortController();
    const runner = new ScenarioRunner(
      runnerDepsFor(harness.core, {
        askManual: () => {
          setTimeout(() => stopper.abort(), 100);
          return new Promise(() => undefined);
        },
      }),
    );
    const run = await runner.run({
      scenarios: [scenario('  - manual: { prompt: "Approve on your phone" }\n  - create: {}\n', 'limits/manual.yaml')],
      profiles: { A: qaProfileOf(harness.core, 'sandbox-a') },
      signal: stopper.signal,
    });
    expect(run.stopped).toBe(true);
    expect(run.scenarios[0]!.steps.map((step) => [step.status, step.message])).toEqual([
      ['skipped', 'Stopped by the user while this step waited for the tester.'],
      ['skipped', 'Skipped: the run was stopped before this step.'],
    ]);
    expect(run.scenarios[0]!.message).toBe('Stopped by the user at step 1; the steps after it did not run.');
    expect(run.scenarios[0]!.steps[1]!.exchanges).toEqual([]);
  });

  it('qa.cancelRun stops a run started from the screen; the result says stopped', async () => {
    await harness.call('qa.addScenario', {
      file: 'long-poll.yaml',
      text: `format: gateway-console/scenario@1\nname: Long poll\nvariant: A\nsteps:\n  - id: create\n    create: {}\n  - pollUntil: { transactionID: "\${create.transactionID}", status: Success, intervalSeconds: 0.2, timeoutSeconds: 300 }\n`,
    });
    const { runId } = await harness.call('qa.run', { files: ['added/long-poll.yaml'] });
    const finished = new Promise<void>((resolve) => {
      const stop = harness.core.events.subscribe((name, payload) => {
        if (name === 'qa.finished' && (payload as { runId: string }).runId === runId) {
          stop();
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await harness.call('qa.cancelRun', { runId })).toEqual({ stopping: true });
    await finished;
    const result = await harness.call('qa.result', { runId });
    expect(result.stopped).toBe(true);
    expect(result.scenarios[0].status).toBe('skipped');
    expect(await harness.call('qa.cancelRun', { runId })).toEqual({ stopping: false });
    expect(await harness.core.dispatch('qa.cancelRun', { runId: 'no-such-run' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  }, 20_000);
});
