import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';

let harness: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  harness = await startCore();
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const scenario = (name: string, steps: string) =>
  `format: gateway-console/scenario@1\nname: ${name}\nvariant: A\nsteps:\n${steps}`;

describe('the scenario library keeps its built-ins (issue 25)', () => {
  it('a pasted scenario named like a built-in is refused, and the built-in stays what runs', async () => {
    const { scenarios } = await harness.call('qa.scenarios');
    const builtin = scenarios.find((item: { file: string }) => item.file === 'builtin/errors/http-404.yaml');
    expect(builtin).toBeDefined();
    for (const file of ['builtin/errors/http-404.yaml', './Builtin//errors/http-404.yaml']) {
      const result = await harness.call('qa.addScenario', {
        file,
        text: scenario('Impostor', '  - status: { transactionID: "x" }\n'),
      });
      expect(result.added).toBeNull();
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatchObject({ kind: 'name-taken', line: 1 });
      expect(result.problems[0].message).toMatch(/built-in scenarios cannot be replaced/);
    }
    const after = await harness.call('qa.scenarios');
    expect(after.scenarios.filter((item: { file: string }) => item.file === builtin.file)).toEqual([builtin]);
    expect(after.scenarios.some((item: { name: string }) => item.name === 'Impostor')).toBe(false);
  });

  it('a scenario of the same short name as a built-in is added beside it, under added/', async () => {
    const result = await harness.call('qa.addScenario', {
      file: 'http-404.yaml',
      text: scenario('Mine', '  - status: { transactionID: "x" }\n'),
    });
    expect(result.added).toMatchObject({ file: 'added/http-404.yaml', name: 'Mine' });
    const { scenarios } = await harness.call('qa.scenarios');
    expect(scenarios.find((item: { file: string }) => item.file === 'builtin/errors/http-404.yaml').name).not.toBe(
      'Mine',
    );
  });
});

describe('a pasted scenario cannot reach main’s objects (issue 25: "__proto__.x" broke every ConsoleApi method)', () => {
  it('an override "__proto__.polluted" is a file problem; Object.prototype and the API are untouched', async () => {
    const result = await harness.call('qa.addScenario', {
      file: 'pollute.yaml',
      text: scenario(
        'Pollute',
        '  - create:\n      overrides: { "__proto__.polluted": yes, "__proto__.toString": 1 }\n',
      ),
    });
    expect(result.added).toBeNull();
    expect(result.problems.map((problem: { kind: string; line: number }) => [problem.kind, problem.line])).toEqual([
      ['forbidden-key', 6],
      ['forbidden-key', 6],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
    // A method with input still answers (it failed until restart when Object.prototype was polluted).
    const status = await harness.core.dispatch('qa.result', { runId: 'no-such-run' });
    expect(status).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
