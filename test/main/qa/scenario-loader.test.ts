import { describe, expect, it } from 'vitest';
import { loadScenario, ScenarioLoadError, type ScenarioProblem } from '../../../src-main/qa/scenario-loader';

const problemsOf = (text: string, file = 'orders/bad.yaml'): ScenarioProblem[] => {
  try {
    loadScenario(file, text);
  } catch (error) {
    if (error instanceof ScenarioLoadError) return error.problems;
    throw error;
  }
  throw new Error('the file loaded');
};

const VALID = `format: gateway-console/scenario@1
name: Create
variant: A
steps:
  - id: create
    create: {}
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending }
`;

describe('scenario loader', () => {
  it('loads a valid YAML file with its steps, lines and folder', () => {
    const scenario = loadScenario('orders/create.yaml', VALID);
    expect(scenario).toMatchObject({ name: 'Create', variant: 'A', folder: 'orders', usesSandbox: false });
    expect(scenario.steps.map((step) => [step.input.kind, step.line, step.id])).toEqual([
      ['create', 5, 'create'],
      ['status', 7, null],
    ]);
  });

  it('loads the same scenario written as JSON', () => {
    const json = JSON.stringify({
      format: 'gateway-console/scenario@1',
      name: 'Json',
      variant: 'B',
      steps: [{ id: 'c', create: { overrides: { 'transaction.paymentMethod': ['CARD'] } } }],
    });
    expect(loadScenario('x.json', json).steps[0]!.input).toEqual({
      kind: 'create',
      args: { template: 'default', validate: true, overrides: { 'transaction.paymentMethod': ['CARD'] } },
    });
  });

  it('syntax: names file, line and column of broken YAML', () => {
    const [problem] = problemsOf('format: gateway-console/scenario@1\nname: a\nsteps:\n  - a: 1\n   b: 2\n');
    expect(problem).toMatchObject({ kind: 'syntax', file: 'orders/bad.yaml', line: 5, column: 1 });
    expect(problem!.message).toBe('not valid YAML or JSON: Sequence item without - indicator');
    const [duplicate] = problemsOf('format: gateway-console/scenario@1\nname: a\nname: b\n');
    expect(duplicate).toMatchObject({
      kind: 'syntax',
      line: 3,
      message: 'not valid YAML or JSON: Map keys must be unique',
    });
  });

  it('not-a-scenario: a list, or a mapping without the format marker', () => {
    expect(problemsOf('- 1\n- 2\n')[0]).toMatchObject({ kind: 'not-a-scenario', line: 1 });
    const [problem] = problemsOf('format: something-else\nname: x\n');
    expect(problem).toMatchObject({ kind: 'not-a-scenario', field: 'format', line: 1 });
    expect(problem!.message).toBe(
      'format must be "gateway-console/scenario@1" (got "something-else"): is this a scenario file?',
    );
  });

  it('unsupported-version: a newer format version is refused by name', () => {
    const [problem] = problemsOf(VALID.replace('@1', '@2'));
    expect(problem).toMatchObject({ kind: 'unsupported-version', field: 'format', line: 1 });
    expect(problem!.message).toBe('version 2 is not supported; this console reads version 1');
  });

  it('missing-field: points at the object that lacks it', () => {
    const problems = problemsOf(VALID.replace('name: Create\n', '').replace('phone', ''));
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: 'missing-field', field: 'name', line: 1, message: 'is required' }),
    );
    const mbway = problemsOf(VALID.replace('create: {}', 'mbway: { transactionID: x }'));
    expect(mbway).toContainEqual(
      expect.objectContaining({
        kind: 'missing-field',
        field: 'steps[0].mbway.phone',
        line: 6,
        message: 'is required',
      }),
    );
  });

  it('invalid-value: a wrong type or an unknown enum value, with what was given', () => {
    const problems = problemsOf(
      VALID.replace('expect: { paymentStatus: Pending }', 'expect: { httpStatus: "200", classification: fine }'),
    );
    expect(problems).toContainEqual({
      kind: 'invalid-value',
      file: 'orders/bad.yaml',
      line: 8,
      column: 27,
      field: 'steps[1].expect.httpStatus',
      message: 'expected number, got "200"',
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        field: 'steps[1].expect.classification',
        message: expect.stringMatching(/^must be one of "ok", .*got "fine"$/),
      }),
    );
  });

  it('unknown-field: a typo is named, not ignored', () => {
    const problems = problemsOf(VALID.replace('expect: { paymentStatus', 'expct: { paymentStatus'));
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: 'unknown-field', field: 'steps[1].expct', line: 8 }),
    );
    const nested = problemsOf(VALID.replace('create: {}', 'create: { templat: default }'));
    expect(nested).toContainEqual(
      expect.objectContaining({
        kind: 'unknown-field',
        field: 'steps[0].create.templat',
        message: 'is not a field here (did you mean template?)',
      }),
    );
  });

  it('step-kind: a step with no kind or with two kinds', () => {
    const none = problemsOf(VALID.replace('    create: {}\n', ''));
    expect(none).toContainEqual(
      expect.objectContaining({
        kind: 'step-kind',
        field: 'steps[0]',
        line: 5,
        message: expect.stringContaining('the step says nothing to do'),
      }),
    );
    const two = problemsOf(VALID.replace('create: {}', 'create: {}\n    status: { transactionID: x }'));
    expect(two[0]).toMatchObject({
      kind: 'step-kind',
      field: 'steps[0]',
      message: 'the step has 2 kinds (create, status): one step does one thing',
    });
  });

  it('duplicate-step-id: the second use is reported', () => {
    const problems = problemsOf(VALID.replace('  - status:', '  - id: create\n    status:'));
    expect(problems).toContainEqual(
      expect.objectContaining({
        kind: 'duplicate-step-id',
        field: 'steps[1].id',
        line: 7,
        message: 'id "create" is used by an earlier step',
      }),
    );
  });

  it('unknown-capture: a capture of a later or missing step, or of a missing data column', () => {
    const later = problemsOf(VALID.replace('${create.transactionID}', '${status1.transactionID}'));
    expect(later).toContainEqual(
      expect.objectContaining({
        kind: 'unknown-capture',
        field: 'steps[1].status.transactionID',
        line: 7,
        message:
          '${status1.transactionID} refers to "status1", which is not the id of an earlier step (earlier: create)',
      }),
    );
    const column = problemsOf(VALID.replace('${create.transactionID}', '${row.tx}'));
    expect(column[0]!.message).toBe('${row.tx} names no column of the data table (the scenario has no data table)');
  });

  it('the error message a tester reads names file:line:column and field', () => {
    expect(() => loadScenario('a.yaml', VALID.replace('variant: A', 'variant: C'))).toThrow(
      /a\.yaml:3:10: variant: must be one of "A", "B", got "C"/,
    );
  });
});

describe('scenario loader: unknown fields suggest the nearest (issue 27)', () => {
  it('defect "unknown fields give no hint": a misspelt expect field says "did you mean paymentStatus?"', () => {
    const problems = problemsOf(VALID.replace('paymentStatus: Pending', 'paymentstatus: Pending'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'unknown-field', line: 8, field: 'steps[1].expect.paymentstatus' });
    expect(problems[0]!.message).toContain('did you mean paymentStatus?');
  });

  it('suggests a step kind, a step argument and a header field, and nothing for a word far from any', () => {
    const typos = problemsOf(`format: gateway-console/scenario@1
name: Typos
varient: A
variant: A
steps:
  - id: create
    craete: {}
  - status: { transactionId: "x" }
  - status: { transactionID: "x", zebra: 1 }
`);
    const byField = Object.fromEntries(typos.map((problem) => [problem.field, problem.message]));
    expect(byField['varient']).toContain('did you mean variant?');
    expect(byField['steps[0].craete']).toContain('did you mean create?');
    expect(byField['steps[1].status.transactionId']).toContain('did you mean transactionID?');
    expect(byField['steps[2].status.zebra']).toBe('is not a field here');
  });
});
