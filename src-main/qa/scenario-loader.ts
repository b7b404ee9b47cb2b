/**
 * Reads a scenario file (YAML or JSON) into a checked Scenario. Every problem is reported with the file,
 * the line and column and the dotted field it concerns, e.g.
 * `orders.yaml:12:9: steps[1].expect.httpStatus: expected a number, got "200"` — a tester fixes a file
 * from the message alone. All problems of a file are collected, not just the first.
 */
import type { z } from 'zod';
import {
  CST,
  Composer,
  Lexer,
  LineCounter,
  Parser,
  YAMLParseError,
  isMap,
  isNode,
  isSeq,
  visit,
  type Document,
  type Node,
} from 'yaml';
import {
  SCENARIO_FORMAT,
  SCENARIO_FORMAT_ID,
  SCENARIO_FORMAT_VERSION,
  STEP_COMMON_FIELDS,
  STEP_ID,
  STEP_KINDS,
  STEP_KIND_NAMES,
  dataRowSchema,
  expectSchema,
  scenarioHeaderSchema,
  type Scenario,
  type ScenarioStep,
  type StepInput,
  type StepKind,
} from './scenario-format';
import { CAPTURE_PATTERN, RUN_CAPTURES } from './captures';
import { FORBIDDEN_KEYS, bareRecord, forbiddenKeyMessage, forbiddenSegment } from './safe-keys';
import { didYouMean, knownKeysAt } from './nearest-name';

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
  | 'unknown-capture'
  | 'forbidden-key'
  | 'too-large'
  | 'too-many-rows'
  | 'name-taken';

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
  addZod(error: z.ZodError, base: readonly PathKey[], value: unknown, schema?: z.ZodType): void {
    for (const issue of error.issues) {
      const path = [...base, ...(issue.path as PathKey[])];
      const actual = valueAt(value, issue.path as PathKey[]);
      if (issue.code === 'unrecognized_keys') {
        const known = schema ? knownKeysAt(schema, issue.path) : [];
        for (const key of issue.keys)
          this.add('unknown-field', [...path, key], `is not a field here${didYouMean(key, known)}`);
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

/** A data table runs one scenario per row; beyond this many rows a file is refused before it is built. */
export const MAX_DATA_ROWS = 10_000;
/**
 * Larger files are refused before any parsing (the same limit as a pasted scenario): it bounds what
 * main holds while a file loads, and a 10,000-row table of a few columns stays below it.
 */
export const MAX_SCENARIO_CHARS = 1_000_000;
/**
 * How many nodes aliases may expand to (yaml's measure): a "billion laughs" file defines a few anchors
 * that each repeat the previous one, and would otherwise expand to gigabytes in main.
 */
const MAX_ALIAS_EXPANSION = 100;
/** Loading yields (when run in slices) at most every this many lexemes or data rows. */
const LEXEMES_PER_CHECK = 256;
const ROWS_PER_CHECK = 200;

const fileProblem = (
  kind: ScenarioProblemKind,
  file: string,
  position: { line: number; column: number },
  message: string,
): ScenarioProblem => ({ kind, file, ...position, field: '', message });

/** Parses and checks one scenario. Throws ScenarioLoadError listing every problem found. */
export function loadScenario(file: string, text: string): Scenario {
  const loading = readScenario(file, text);
  for (;;) {
    const step = loading.next();
    if (step.done) return step.value;
  }
}

/**
 * The same as loadScenario, but the work is cut into slices of at most `sliceMs` between which the
 * event loop runs: a large file (a 10,000-row data table) never holds main up — every other request
 * keeps being answered while it loads.
 */
export async function loadScenarioInSlices(file: string, text: string, sliceMs = 15): Promise<Scenario> {
  const loading = readScenario(file, text);
  let sliceStart = performance.now();
  for (;;) {
    const step = loading.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** The loading itself, as a generator that yields wherever the work may pause. */
function* readScenario(file: string, text: string): Generator<void, Scenario, void> {
  if (text.length > MAX_SCENARIO_CHARS)
    throw new ScenarioLoadError(file, [
      fileProblem(
        'too-large',
        file,
        { line: 1, column: 1 },
        `the file has ${text.length} characters; a scenario file may have at most ${MAX_SCENARIO_CHARS} (and a data table at most ${MAX_DATA_ROWS} rows): split it into several files`,
      ),
    ]);
  const lines = new LineCounter();
  const doc = yield* parseYamlInSlices(file, text, lines);
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
  yield;
  const problems = new ProblemList(file, doc, lines);
  const parsed = yield* documentValue(file, doc, lines);
  yield;
  const raw = yield* withoutPrototypes(parsed, problems);
  if (problems.items.length) throw new ScenarioLoadError(file, problems.items);
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
  const { data: rawData, ...rest } = raw;
  const header = scenarioHeaderSchema.omit({ data: true }).safeParse(rest);
  if (!header.success) problems.addZod(header.error, [], rest, scenarioHeaderSchema);
  const data = yield* readDataTable(rawData, problems);

  const columns = new Set<string>();
  for (const row of data ?? []) for (const key of Object.keys(row)) columns.add(key);
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
    data,
    steps,
    usesSandbox: steps.some(
      (step) => step.input.kind === 'sandbox' || (step.input.kind === 'create' && !step.input.args.validate),
    ),
  };
}

/**
 * YAML text to a Document without holding main up: lexing goes in small steps (the bulk of the time);
 * the data table's rows are counted in the syntax tree before anything is built, so an oversized table
 * is refused early; and a long table is built in batches of rows, each a document of its own whose
 * nodes (with their positions in the file) then join the table of the main document.
 */
function* parseYamlInSlices(file: string, text: string, lines: LineCounter): Generator<void, Document, void> {
  const parser = new Parser(lines.addNewLine);
  lines.addNewLine(0);
  const tokens: CST.Token[] = [];
  let count = 0;
  for (const lexeme of new Lexer().lex(text, false)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (++count % LEXEMES_PER_CHECK === 0) yield;
  }
  for (const token of parser.end()) tokens.push(token);
  const first = tokens.find((token): token is CST.Document => token.type === 'document');
  const table = first ? dataTableIn(first) : null;
  if (table && table.rows.length > MAX_DATA_ROWS) {
    const position = lines.linePos(table.offset);
    throw new ScenarioLoadError(file, [
      {
        kind: 'too-many-rows',
        file,
        line: position.line,
        column: position.col,
        field: 'data',
        message: tooManyRows(table.rows.length),
      },
    ]);
  }
  yield;
  // The document is built with the table's first batch of rows and its last row (so that what follows
  // the table keeps its place); the rows between follow batch by batch.
  const rest = table ? table.rows.splice(ROWS_PER_BATCH, Math.max(0, table.rows.length - ROWS_PER_BATCH - 1)) : [];
  const options = { uniqueKeys: true } as const;
  const composer = new Composer(options);
  const docs: Document[] = [];
  for (const token of tokens) docs.push(...composer.next(token));
  docs.push(...composer.end(true, text.length));
  const [doc, second] = docs;
  if (second)
    doc!.errors.push(
      new YAMLParseError(
        [second.range?.[0] ?? 0, second.range?.[1] ?? 0],
        'MULTIPLE_DOCS',
        'Source contains multiple documents',
      ),
    );
  const seq = doc!.get('data', true);
  const lastRow = rest.length && isSeq(seq) ? seq.items.pop() : undefined;
  for (let start = 0; start < rest.length && isSeq(seq); start += ROWS_PER_BATCH) {
    yield;
    const batch = rest.slice(start, start + ROWS_PER_BATCH);
    // Items after the first of a flow sequence start with their comma: a batch starts without one.
    batch[0] = { ...batch[0]!, start: batch[0]!.start.filter((token) => token.type !== 'comma') };
    const partComposer = new Composer(options);
    const part = [
      ...partComposer.next({
        type: 'document',
        offset: batch[0]!.start[0]?.offset ?? batch[0]!.value?.offset ?? 0,
        start: [],
        value: { ...table!.collection, items: batch } as CST.Token,
      } as CST.Document),
      ...partComposer.end(),
    ];
    for (const partDoc of part) {
      doc!.errors.push(...partDoc.errors);
      if (isSeq(partDoc.contents)) seq.items.push(...partDoc.contents.items);
    }
  }
  if (lastRow !== undefined && isSeq(seq)) seq.items.push(lastRow);
  return doc!;
}

/** Rows per batch when building a long data table. */
const ROWS_PER_BATCH = 250;

const tooManyRows = (rows: number): string =>
  `the data table has ${rows} rows; at most ${MAX_DATA_ROWS} are allowed (split it into several files)`;

type SyntaxCollection = CST.BlockSequence | CST.FlowCollection;
type SyntaxItem = SyntaxCollection['items'][number];

/** The top-level `data:` list of a document's syntax tree: its rows, and where it starts. */
function dataTableIn(token: CST.Document): { collection: SyntaxCollection; rows: SyntaxItem[]; offset: number } | null {
  const top = token.value;
  if (!top || (top.type !== 'block-map' && top.type !== 'flow-collection')) return null;
  for (const item of top.items) {
    if (!item.key || CST.resolveAsScalar(item.key)?.value !== 'data') continue;
    const value = item.value;
    if (!value || (value.type !== 'block-seq' && value.type !== 'flow-collection')) return null;
    if (value.type === 'flow-collection' && value.start.source !== '[') return null;
    return { collection: value, rows: value.items as SyntaxItem[], offset: item.key.offset };
  }
  return null;
}

/**
 * The document as plain values, the data table row by row (so a long table converts in slices).
 * Aliases may not expand beyond MAX_ALIAS_EXPANSION: the error is a ScenarioLoadError at the first alias.
 */
function* documentValue(file: string, doc: Document, lines: LineCounter): Generator<void, unknown, void> {
  const options = { maxAliasCount: MAX_ALIAS_EXPANSION };
  try {
    const seq = doc.get('data', true);
    // A table that an alias repeats elsewhere (it has an anchor) is converted whole, with its rows.
    if (!isSeq(seq) || seq.anchor || !seq.items.every((item) => isNode(item))) return doc.toJS(options) as unknown;
    const rows = seq.items as Node[];
    seq.items = [];
    let value: unknown;
    try {
      value = doc.toJS(options);
    } finally {
      seq.items = rows;
    }
    const out: unknown[] = [];
    for (let index = 0; index < rows.length; index++) {
      out.push(rows[index]!.toJS(doc, options));
      if (index % ROWS_PER_CHECK === 0) yield;
    }
    if (value !== null && typeof value === 'object') (value as Record<string, unknown>).data = out;
    return value;
  } catch (error) {
    const alias = firstAlias(doc);
    const position = alias?.range ? lines.linePos(alias.range[0]) : { line: 1, col: 1 };
    throw new ScenarioLoadError(file, [
      fileProblem(
        'too-large',
        file,
        { line: position.line, column: position.col },
        /excessive alias count/i.test((error as Error).message)
          ? `its aliases (*name) expand to more than ${MAX_ALIAS_EXPANSION} times what they repeat (an "alias bomb"); write the values out instead`
          : `cannot be read: ${(error as Error).message.split('\n')[0]}`,
      ),
    ]);
  }
}

function firstAlias(doc: Document): Node | null {
  let found: Node | null = null;
  visit(doc, {
    Alias(_key, node) {
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * The parsed document rebuilt from mappings without a prototype, refusing any key (or dotted path
 * segment in a key) that names object machinery: what a file says stays data, wherever it is used.
 */
function* withoutPrototypes(value: unknown, problems: ProblemList): Generator<void, unknown, void> {
  if (!isRecord(value)) return copyBare(value, [], problems);
  const out = bareRecord();
  for (const [key, item] of Object.entries(value)) {
    if (!checkKey(key, [key], problems)) continue;
    if (key === 'data' && Array.isArray(item)) {
      const rows: unknown[] = [];
      for (let index = 0; index < item.length; index++) {
        rows.push(copyBare(item[index], ['data', index], problems));
        if (index % ROWS_PER_CHECK === 0) yield;
      }
      out[key] = rows;
    } else out[key] = copyBare(item, [key], problems);
  }
  return out;
}

function checkKey(key: string, path: readonly PathKey[], problems: ProblemList): boolean {
  const segment = forbiddenSegment(key);
  if (segment === null) return true;
  problems.add('forbidden-key', path, forbiddenKeyMessage(segment));
  return false;
}

function copyBare(value: unknown, path: PathKey[], problems: ProblemList): unknown {
  if (Array.isArray(value)) return value.map((item, index) => copyBare(item, [...path, index], problems));
  if (!isRecord(value)) return value;
  const out = bareRecord();
  for (const [key, item] of Object.entries(value))
    if (checkKey(key, [...path, key], problems)) out[key] = copyBare(item, [...path, key], problems);
  return out;
}

/** The data table, row by row (each row one zod check, with a pause between batches). */
function* readDataTable(value: unknown, problems: ProblemList): Generator<void, Scenario['data'], void> {
  if (value === undefined) return null;
  if (!Array.isArray(value)) {
    problems.add('invalid-value', ['data'], `expected a list of rows, got ${describeValue(value)}`);
    return null;
  }
  if (value.length > MAX_DATA_ROWS) {
    problems.add('too-many-rows', ['data'], tooManyRows(value.length));
    return null;
  }
  const rows: NonNullable<Scenario['data']> = [];
  for (let index = 0; index < value.length; index++) {
    const row = dataRowSchema.safeParse(value[index]);
    if (row.success) rows.push(row.data);
    else problems.addZod(row.error, ['data', index], value[index]);
    if (index % ROWS_PER_CHECK === 0) yield;
  }
  return rows;
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
      `is not a step kind or step field${didYouMean(key, [...STEP_KIND_NAMES, ...STEP_COMMON_FIELDS])} (kinds: ${STEP_KIND_NAMES.join(', ')})`,
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
  if (!args.success) problems.addZod(args.error, [...base, kind], rawStep[kind], STEP_KINDS[kind]);
  const expect = expectSchema.safeParse(rawStep.expect ?? {});
  if (!expect.success) problems.addZod(expect.error, [...base, 'expect'], rawStep.expect, expectSchema);
  const id = rawStep.id;
  if (typeof id === 'string' && FORBIDDEN_KEYS.has(id))
    problems.add('forbidden-key', [...base, 'id'], forbiddenKeyMessage(id));
  else if (id !== undefined && (typeof id !== 'string' || !STEP_ID.test(id)))
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
      const segment = forbiddenSegment(match[1]!);
      if (segment !== null) {
        problems.add('forbidden-key', path, `\${${match[1]}}: ${forbiddenKeyMessage(segment)}`);
        continue;
      }
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
