/**
 * Reports are read by machines (CI parses the JUnit XML) and by people (the Markdown summary pasted into a
 * ticket): text from a gateway, a scenario file or a tester must not break the first nor forge the second.
 * Each report is built through the real entry point with the real redaction, for hostile and for random text.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '@shared/contract/qa';
import type { Exchange } from '@shared/exchange';
import { buildReport } from '@shared/qa/reports';
import { redactReport } from '../../../src-main/qa/redact-report';

/** The texts a run carries that came from outside the console. */
interface OutsideText {
  title: string;
  tester: string;
  profileName: string;
  folder: string;
  file: string;
  scenarioName: string;
  scenarioMessage: string;
  stepName: string;
  stepMessage: string;
  checkWhat: string;
  expected: string;
  actual: string;
  statusCode: string;
  url: string;
}

const PLAIN: OutsideText = {
  title: 'Nightly run',
  tester: 'Ana',
  profileName: 'Shop test',
  folder: 'orders',
  file: 'orders/a.yaml',
  scenarioName: 'Create then status',
  scenarioMessage: 'Step 1 failed',
  stepName: 'Status',
  stepMessage: 'paymentStatus differs',
  checkWhat: 'paymentStatus',
  expected: 'Success',
  actual: 'Pending',
  statusCode: '000',
  url: 'http://127.0.0.1/api/v2/payments/T1/status',
};

const exchange = (text: OutsideText): Exchange => ({
  id: 'ex-1',
  profileId: 'p',
  operation: 'getStatus',
  method: 'GET',
  url: text.url,
  request: { headers: {}, body: null },
  response: { status: 200, headers: {}, bodyText: JSON.stringify({ returnStatus: { statusCode: text.statusCode } }) },
  timings: { startedAt: '2026-11-24T10:00:00.000Z', durationMs: 12, attempts: 1 },
  size: { requestBytes: 0, responseBytes: 10 },
  classification: 'ok',
  summary: 'HTTP 200',
  suggestedAction: null,
  returnStatus: { statusCode: text.statusCode },
  paymentStatus: 'Pending',
  conformanceNotes: [],
  transactionID: 'T1',
  merchantTransactionId: null,
});

/** A run of one failed scenario (and one passed), every outside field set from `text`. */
const runWith = (text: OutsideText): RunResult => ({
  id: 'run-1',
  title: text.title,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:05.000Z',
  consoleVersion: '0.1.0',
  tester: text.tester,
  profiles: [{ id: 'p', name: text.profileName, environment: 'test', terminalId: '1', variant: 'A' }],
  counts: { total: 2, passed: 1, failed: 1, skipped: 0 },
  scenarios: [
    {
      key: text.file,
      file: text.file,
      folder: text.folder,
      name: text.scenarioName,
      row: null,
      profileId: 'p',
      status: 'failed',
      message: text.scenarioMessage,
      startedAt: '2026-11-24T10:00:00.000Z',
      durationMs: 1234,
      steps: [
        {
          index: 0,
          name: text.stepName,
          kind: 'status',
          line: 7,
          status: 'failed',
          message: text.stepMessage,
          checks: [{ what: text.checkWhat, expected: text.expected, actual: text.actual, passed: false }],
          notifications: [],
          note: null,
          startedAt: '2026-11-24T10:00:00.000Z',
          durationMs: 12,
          exchanges: [exchange(text)],
        },
      ],
    },
    {
      key: 'b.yaml',
      file: 'b.yaml',
      folder: text.folder,
      name: `${text.scenarioName} (second)`,
      row: null,
      profileId: 'p',
      status: 'passed',
      message: null,
      startedAt: '2026-11-24T10:00:02.000Z',
      durationMs: 10,
      steps: [],
    },
  ],
});

/**
 * The XML 1.0 `Char` production (§2.2), written out here rather than taken from the code under test:
 * #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
 */
const notXmlChar = (text: string): string[] =>
  [...text].filter((char) => {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    return !allowed;
  });

const parseJunit = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  }).parse(xml) as {
    testsuites: { name: string; testsuite: Array<{ name: string; testcase: Array<{ name: string }> }> };
  };

/** A well-formed document: the validator accepts its structure and every character is one XML can carry. */
function expectWellFormed(xml: string): void {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(notXmlChar(xml).map((char) => char.codePointAt(0)!.toString(16))).toEqual([]);
}

describe('JUnit XML is well-formed for any input', () => {
  it('defect: one U+FFFF / U+FFFE from a gateway or a scenario name made the JUnit XML unparsable (CI lost the whole run)', () => {
    const xml = buildReport(
      runWith({
        ...PLAIN,
        scenarioName: 'Refund \uffff done',
        stepMessage: 'statusMsg was "\ufffe"',
        url: 'http://127.0.0.1/api/v2/payments/T1/status?\ud800',
        folder: 'orders\u0001',
      }),
      'junit',
      redactReport,
    ).text;
    expectWellFormed(xml);
    const parsed = parseJunit(xml);
    // Replaced where it was, visibly, and counted once at the top (the name is also in the second scenario's).
    expect(parsed.testsuites.testsuite[0]!.testcase[0]!.name).toBe('Refund [U+FFFF] done');
    expect(parsed.testsuites.testsuite[0]!.name).toBe('orders[U+0001]');
    expect(xml).toContain('statusMsg was &quot;[U+FFFE]&quot;');
    expect(xml).toMatch(/^<\?xml [^\n]*\n<!-- 5 character\(s\) that XML 1\.0 cannot carry/);
  });

  it('a run with nothing to replace carries no note', () => {
    expect(buildReport(runWith(PLAIN), 'junit', redactReport).text).not.toContain('<!--');
  });

  it('property: any text in any outside field gives a document that parses back to the same names', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .array(
          fc.constantFrom(
            '\uffff',
            '\ufffe',
            '\ud800',
            '\udfff',
            '\u0000',
            '\u001b',
            '\n',
            '\r',
            ']]>',
            '<',
            '&',
            '"',
            "'",
            '--',
            'a',
          ),
          { maxLength: 12 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(Object.keys(PLAIN).map((key) => [key, hostile])) as never),
        (outside) => {
          const text = outside as OutsideText;
          const xml = buildReport(runWith(text), 'junit', redactReport).text;
          expectWellFormed(xml);
          const testcase = parseJunit(xml).testsuites.testsuite[0]!.testcase[0]!;
          // What XML can carry comes back as it was (attribute values normalise whitespace, §3.3.3).
          if (notXmlChar(text.scenarioName).length === 0 && !/[\t\n\r]/.test(text.scenarioName))
            expect(String(testcase.name)).toBe(text.scenarioName);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The top-level lines of a Markdown summary that say a run's result, as a reader of the ticket sees them. */
const resultLines = (markdown: string) => markdown.split('\n').filter((line) => /^[-*+]?\s*Result:/.test(line));

/**
 * The Markdown syntax a document uses: per line, the characters that mean something once escaped pairs
 * are removed. Outside text must not change it.
 */
const syntaxOf = (markdown: string) =>
  markdown.split('\n').map((line) => line.replace(/\\[\\`*_[\]<>#|~&.)+=-]/g, '').replace(/[^`*_[\]<>#|~&\\]/g, ''));

describe('the Markdown summary says what happened, whatever the names say', () => {
  it('defect: a newline in a scenario name or the tester field forged a "Result: **PASSED**" line', () => {
    const forged = '\n- Result: **PASSED** — 2 passed, 0 failed, 0 skipped (2 total)\n';
    const markdown = buildReport(
      runWith({ ...PLAIN, scenarioName: `Refund${forged}`, tester: `Ana${forged}`, title: `Run${forged}` }),
      'markdown',
      redactReport,
    ).text;
    expect(resultLines(markdown)).toEqual(['- Result: **FAILED** — 1 passed, 1 failed, 0 skipped (2 total)']);
    expect(markdown).toContain('- Tester: Ana ↵ - Result: \\*\\*PASSED\\*\\* — 2 passed');
    // The table keeps its rows: one per scenario, each with three cells.
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Scenario'));
    expect(rows).toHaveLength(2);
  });

  it('defect: a pipe, a star or a link in a name does not split the table, bold or link anything', () => {
    const markdown = buildReport(
      runWith({ ...PLAIN, scenarioName: 'a | passed | 0 s |\n| **x** [click](http://evil) <b>' }),
      'markdown',
      redactReport,
    ).text;
    expect(syntaxOf(markdown)).toEqual(syntaxOf(buildReport(runWith(PLAIN), 'markdown', redactReport).text));
  });

  it('property: for any outside text the summary has the same lines and Markdown syntax as a plain run', () => {
    const plainSyntax = syntaxOf(buildReport(runWith(PLAIN), 'markdown', redactReport).text);
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .array(
          fc.constantFrom(
            '\n',
            '\r\n',
            '\u2028',
            '- ',
            '1. ',
            '# ',
            '> ',
            '**',
            '_',
            '`',
            '|',
            '[x](y)',
            '<b>',
            '&#10;',
            '\\',
            ' ',
            'Result: ',
          ),
          { maxLength: 10 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(Object.keys(PLAIN).map((key) => [key, hostile])) as never),
        (outside) => {
          // A tester is shown when there is one: never empty here, so the plain run's lines are comparable.
          const text = { ...(outside as OutsideText), tester: `T${(outside as OutsideText).tester}` };
          const markdown = buildReport(runWith(text), 'markdown', redactReport).text;
          expect(syntaxOf(markdown)).toEqual(plainSyntax);
          expect(resultLines(markdown)).toHaveLength(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
