/**
 * Reads a scenario file (YAML or JSON) into a checked Scenario. Every problem is reported with the file,
 * the line and column and the dotted field it concerns, e.g.
 * `orders.yaml:12:9: steps[1].expect.httpStatus: expected a number, got "200"` — a tester fixes a file
 * from the message alone. All problems of a file are collected, not just the first.
 */
import type { z } from 'zod';
import { LineCounter, isMap, parseDocument, type Document, type Node } from 'yaml';
import {
  SCENARIO_FORMAT,
  SCENARIO_FORMAT_ID,
  SCENARIO_FORMAT_VERSION,
  STEP_COMMON_FIELDS,
  STEP_ID,
  STEP_KINDS,
  STEP_KIND_NAMES,
  expectSchema,
  scenarioHeaderSchema,
  type Scenario,
  type ScenarioStep,
  type StepInput,
  type StepKind,
} from './scenario-format';
import { CAPTURE_PATTERN, RUN_CAPTURES } from './captures';

/** The classes of problem a file can have; each has its own test and message. */
export type ScenarioProblemKind =
  | 'syntax'
  | 'not-a-scenario'
  | 'unsupported-version'
  | 'missing-field'
  | 'invalid-value'
  | 'unknown-field'
  | 'step-kind'
  | 'duplicate-step-id'
  | 'unknown-capture';

export interface ScenarioProblem {
  kind: ScenarioProblemKind;
  file: string;
  line: number;
  column: number;
  /** Dotted path of the field, e.g. `steps[2].expect.httpStatus`; empty for the whole file. */
  field: string;
  message: string;
}

export const formatProblem = (problem: ScenarioProblem): string =>
  `${problem.file}:${problem.line}:${problem.column}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;

export class ScenarioLoadError extends Error {
  constructor(
    readonly file: string,
    readonly problems: ScenarioProblem[],
  ) {
    super(`${file} is not a valid scenario:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}`);
    this.name = 'ScenarioLoadError';
  }
}

type PathKey = string | number;

const fieldName = (path: readonly PathKey[]): string =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : String(key)),
    '',
  );

const describeValue = (value: unknown): string =>
  value === undefined
    ? 'nothing'
    : typeof value === 'string'
      ? JSON.stringify(value)
      : (JSON.stringify(value) ?? String(value));

class ProblemList {
  readonly items: ScenarioProblem[] = [];
  constructor(
    private readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /** The deepest node that exists on the path: a missing field points at the object that lacks it. */
  private position(path: readonly PathKey[]): { line: number; column: number } {
    for (let length = path.length; length >= 0; length--) {
      const node = (length === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, length), true)) as
        Node | null | undefined;
      if (node && typeof node === 'object' && 'range' in node && node.range) {
        const { line, col } = this.lines.linePos(node.range[0]);
        return { line, column: col };
      }
    }
    return { line: 1, column: 1 };
  }

  add(kind: ScenarioProblemKind, path: readonly PathKey[], message: string): void {
    this.items.push({ kind, file: this.file, ...this.position(path), field: fieldName(path), message });
  }

  /** zod issues under `base`, each in words a tester reads without knowing zod. */
  addZod(error: z.ZodError, base: readonly PathKey[], value: unknown): void {
    for (const issue of error.issues) {
      const path = [...base, ...(issue.path as PathKey[])];
      const actual = valueAt(value, issue.path as PathKey[]);
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) this.add('unknown-field', [...path, key], `is not a field here`);
      } else if (issue.code === 'invalid_type' && actual === undefined) {
        this.add('missing-field', path, 'is required');
      } else if (issue.code === 'invalid_type') {
        this.add('invalid-value', path, `expected ${issue.expected}, got ${describeValue(actual)}`);
      } else if (issue.code === 'invalid_value') {
        this.add(
          'invalid-value',
          path,
          `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(actual)}`,
        );
      } else {
        this.add('invalid-value', path, `${issue.message} (got ${describeValue(actual)})`);
      }
    }
  }
}

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown => {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks one scenario. Throws ScenarioLoadError listing every problem found. */
export function loadScenario(file: string, text: string): Scenario {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    throw new ScenarioLoadError(
      file,
      doc.errors.map((error) => {
        const position = lines.linePos(error.pos[0]);
        return {
          kind: 'syntax' as const,
          file,
          line: position.line,
          column: position.col,
          field: '',
          message: `not valid YAML or JSON: ${error.message.split('\n')[0]}`,
        };
      }),
    );
  }
  const problems = new ProblemList(file, doc, lines);
  const raw: unknown = doc.toJS();
  if (!isRecord(raw) || !isMap(doc.contents)) {
    problems.add(
      'not-a-scenario',
      [],
      `a scenario is a mapping with format: ${SCENARIO_FORMAT_ID}, name, variant and steps`,
    );
    throw new ScenarioLoadError(file, problems.items);
  }
  const format = raw.format;
  if (typeof format !== 'string' || !format.startsWith(`${SCENARIO_FORMAT}@`)) {
    problems.add(
      'not-a-scenario',
      format === undefined ? [] : ['format'],
      `format must be "${SCENARIO_FORMAT_ID}" (got ${describeValue(format)}): is this a scenario file?`,
    );
    throw new ScenarioLoadError(file, problems.items);
  }
  if (format !== SCENARIO_FORMAT_ID) {
    problems.add(
      'unsupported-version',
      ['format'],
      `version ${format.slice(SCENARIO_FORMAT.length + 1)} is not supported; this console reads version ${SCENARIO_FORMAT_VERSION}`,
    );
    throw new ScenarioLoadError(file, problems.items);
  }
  const header = scenarioHeaderSchema.safeParse(raw);
  if (!header.success) problems.addZod(header.error, [], raw);

  const columns = new Set<string>();
  if (Array.isArray(raw.data))
    for (const row of raw.data) if (isRecord(row)) for (const key of Object.keys(row)) columns.add(key);
  const steps: ScenarioStep[] = [];
  const seenIds = new Set<string>();
  const rawSteps = Array.isArray(raw.steps) ? raw.steps : [];
  rawSteps.forEach((rawStep, index) => {
    const base: PathKey[] = ['steps', index];
    const step = readStep(rawStep, index, base, problems, lines, doc);
    if (!step) return;
    checkCaptures(rawStep, base, seenIds, columns, problems);
    if (step.id !== null) {
      if (seenIds.has(step.id))
        problems.add('duplicate-step-id', [...base, 'id'], `id "${step.id}" is used by an earlier step`);
      seenIds.add(step.id);
    }
    steps.push(step);
  });
  if (problems.items.length || !header.success) throw new ScenarioLoadError(file, problems.items);
  const slash = file.lastIndexOf('/');
  return {
    file,
    folder: slash > 0 ? file.slice(0, slash) : '.',
    name: header.data.name,
    description: header.data.description ?? '',
    variant: header.data.variant,
    tags: header.data.tags,
    data: header.data.data ?? null,
    steps,
    usesSandbox: steps.some(
      (step) => step.input.kind === 'sandbox' || (step.input.kind === 'create' && !step.input.args.validate),
    ),
  };
}

function readStep(
  rawStep: unknown,
  index: number,
  base: PathKey[],
  problems: ProblemList,
  lines: LineCounter,
  doc: Document,
): ScenarioStep | null {
  if (!isRecord(rawStep)) {
    problems.add('step-kind', base, `a step is a mapping with one of ${STEP_KIND_NAMES.join(', ')}`);
    return null;
  }
  const kinds = Object.keys(rawStep).filter((key): key is StepKind => (STEP_KIND_NAMES as string[]).includes(key));
  const others = Object.keys(rawStep).filter(
    (key) => !(STEP_KIND_NAMES as string[]).includes(key) && !(STEP_COMMON_FIELDS as readonly string[]).includes(key),
  );
  for (const key of others)
    problems.add(
      'unknown-field',
      [...base, key],
      `is not a step kind or step field (kinds: ${STEP_KIND_NAMES.join(', ')})`,
    );
  if (kinds.length !== 1) {
    problems.add(
      'step-kind',
      base,
      kinds.length === 0
        ? `the step says nothing to do: give one of ${STEP_KIND_NAMES.join(', ')}`
        : `the step has ${kinds.length} kinds (${kinds.join(', ')}): one step does one thing`,
    );
    return null;
  }
  const kind = kinds[0]!;
  const args = STEP_KINDS[kind].safeParse(rawStep[kind] ?? {});
  if (!args.success) problems.addZod(args.error, [...base, kind], rawStep[kind]);
  const expect = expectSchema.safeParse(rawStep.expect ?? {});
  if (!expect.success) problems.addZod(expect.error, [...base, 'expect'], rawStep.expect);
  const id = rawStep.id;
  if (id !== undefined && (typeof id !== 'string' || !STEP_ID.test(id)))
    problems.add(
      'invalid-value',
      [...base, 'id'],
      `must be a name of letters, digits, - and _ (got ${describeValue(id)})`,
    );
  if (rawStep.name !== undefined && typeof rawStep.name !== 'string')
    problems.add('invalid-value', [...base, 'name'], `expected string, got ${describeValue(rawStep.name)}`);
  if (!args.success || !expect.success) return null;
  const node = doc.getIn(base, true) as Node | undefined;
  return {
    index,
    id: typeof id === 'string' ? id : null,
    name: typeof rawStep.name === 'string' ? rawStep.name : defaultStepName(kind),
    line: node?.range ? lines.linePos(node.range[0]).line : 1,
    input: { kind, args: args.data } as StepInput,
    expect: expect.data,
  };
}

const defaultStepName = (kind: StepKind): string =>
  ({
    create: 'Create order',
    reference: 'Generate Multibanco reference',
    mbway: 'MB WAY purchase',
    status: 'Status',
    pollUntil: 'Poll status',
    action: 'Perform the extra step',
    waitNotification: 'Wait for a notification',
    sandbox: 'Sandbox control',
    manual: 'Manual step',
  })[kind];

/** Every `${root.path}` must name an earlier step, a data-table column or a run value. */
function checkCaptures(
  value: unknown,
  path: PathKey[],
  earlierIds: Set<string>,
  columns: Set<string>,
  problems: ProblemList,
): void {
  if (typeof value === 'string') {
    for (const match of value.matchAll(CAPTURE_PATTERN)) {
      const [root, ...rest] = match[1]!.split('.');
      if (root === 'row') {
        if (!columns.has(rest[0] ?? ''))
          problems.add(
            'unknown-capture',
            path,
            `\${${match[1]}} names no column of the data table${columns.size ? ` (columns: ${[...columns].join(', ')})` : ' (the scenario has no data table)'}`,
          );
      } else if (root === 'run') {
        if (!(RUN_CAPTURES as readonly string[]).includes(rest[0] ?? ''))
          problems.add('unknown-capture', path, `\${${match[1]}}: run offers ${RUN_CAPTURES.join(', ')}`);
      } else if (!earlierIds.has(root ?? '')) {
        problems.add(
          'unknown-capture',
          path,
          `\${${match[1]}} refers to "${root}", which is not the id of an earlier step${earlierIds.size ? ` (earlier: ${[...earlierIds].join(', ')})` : ''}`,
        );
      }
    }
    return;
  }
  if (Array.isArray(value))
    value.forEach((item, index) => checkCaptures(item, [...path, index], earlierIds, columns, problems));
  else if (isRecord(value))
    for (const [key, item] of Object.entries(value)) checkCaptures(item, [...path, key], earlierIds, columns, problems);
}
