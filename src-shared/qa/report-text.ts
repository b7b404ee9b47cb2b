/**
 * Evidence of a scenario run or a manual test session, in four forms that share one source (a RunResult):
 * JUnit XML for CI, JSON for tools, a Markdown summary for a ticket and a self-contained HTML report.
 * Pure TS: main (CLI, qa.report) and the renderer (manual sessions) build the same reports. Every text
 * goes through the caller's `redact` — the same redaction as exports — before it is returned.
 */
import type { RunResult, ScenarioResult, StepResult } from '../contract/qa';
import { markdownInline } from '../markdown-text';
import { xmlEscape, xmlForbiddenCount } from '../xml-text';

export type Redact = (text: string) => string;

export const htmlEscape = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The head of a report file (QA evidence, a shop's certification): a policy that lets the page fetch and
 * run nothing, since every value in it is outside text. One definition for every report file.
 */
export const reportFileHead = (title: string, style: string): string => `<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlEscape(title)}</title><style>${style}</style>`;

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** The heading of the reports' item column: what the items of this run are about. */
export const itemHeading = (run: RunResult): string =>
  run.subject === 'transaction' ? 'Transaction' : run.subject === 'check' ? 'Check' : 'Scenario';

export const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/**
 * A failed step as lines of text. Every value from outside (names, messages, values, URLs) goes through
 * `quote`, the escaping of where the text is going (a terminal, Markdown): the lines and their structure
 * are the console's own, so a value cannot add a line or pose as one.
 */
export function stepFailureText(step: StepResult, quote: (text: string) => string = (text) => text): string {
  const q = quote;
  // Line 0: a check the console made itself (readiness), not a step of a file.
  const where = step.line > 0 ? ` (line ${step.line})` : '';
  const lines = [`Step ${step.index + 1} "${q(step.name)}"${where}: ${q(step.message ?? 'failed')}`];
  for (const check of step.checks.filter((item) => !item.passed))
    lines.push(`  ${q(check.what)}: expected ${q(show(check.expected))}, actual ${q(show(check.actual))}`);
  for (const exchange of step.exchanges)
    lines.push(
      `  ${q(exchange.method)} ${q(exchange.url)} → ${exchange.response ? `HTTP ${exchange.response.status}` : q(exchange.classification)} (exchange ${q(exchange.id)})`,
    );
  return lines.join('\n');
}

/**
 * JUnit XML: one testsuite per folder, one testcase per scenario (per data-table row). Well-formed for any
 * input: characters XML 1.0 cannot carry are replaced (xml-text.ts) and a comment at the top says how many.
 */
export function junitReport(run: RunResult, redact: Redact): string {
  let replaced = 0;
  const x = (text: string): string => {
    replaced += xmlForbiddenCount(text);
    return xmlEscape(text);
  };
  const folders = new Map<string, ScenarioResult[]>();
  for (const scenario of run.scenarios)
    folders.set(scenario.folder, [...(folders.get(scenario.folder) ?? []), scenario]);
  const suites = [...folders.entries()].map(([folder, scenarios]) => {
    const failures = scenarios.filter((scenario) => scenario.status === 'failed').length;
    const skipped = scenarios.filter((scenario) => scenario.status === 'skipped').length;
    const time = scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0);
    const cases = scenarios.map((scenario) => {
      const attrs = `name="${x(scenario.name)}" classname="${x(scenario.file.replace(/\//g, '.'))}" time="${seconds(scenario.durationMs)}"`;
      const failed = scenario.steps.find((step) => step.status === 'failed');
      if (scenario.status === 'failed')
        return `    <testcase ${attrs}>\n      <failure message="${x(scenario.message ?? 'failed')}" type="ScenarioStepFailed">${x(failed ? stepFailureText(failed) : (scenario.message ?? ''))}</failure>\n    </testcase>`;
      if (scenario.status === 'skipped')
        return `    <testcase ${attrs}>\n      <skipped message="${x(scenario.message ?? 'skipped')}"/>\n    </testcase>`;
      return `    <testcase ${attrs}/>`;
    });
    return `  <testsuite name="${x(folder)}" tests="${scenarios.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${x(scenarios[0]?.startedAt ?? run.startedAt)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const totalTime = run.scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0);
  const title = x(run.title);
  const note = replaced
    ? `<!-- ${replaced} character(s) that XML 1.0 cannot carry (control characters, U+FFFE, U+FFFF, unpaired surrogates) were replaced by [U+XXXX]. -->\n`
    : '';
  return redact(
    `<?xml version="1.0" encoding="UTF-8"?>\n${note}<testsuites name="${title}" tests="${run.counts.total}" failures="${run.counts.failed}" errors="0" skipped="${run.counts.skipped}" time="${seconds(totalTime)}">\n${suites.join('\n')}\n</testsuites>\n`,
  );
}

/** A JSON body laid out for reading (two-space indent); any other text exactly as it came. */
export const prettyBody = (body: string): string => {
  const parsed = parsedBody(body);
  return parsed === undefined ? body : JSON.stringify(parsed, null, 2);
};

/** A body that is a JSON object or array, parsed; anything else (HTML, cut-off JSON, a number) undefined. */
function parsedBody(body: string): unknown {
  if (!/^\s*[[{]/.test(body)) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Beside each request `body` and response `bodyText` (kept as received), a JSON body is also given parsed
 * (`bodyJson`), so the report's own indentation lays it out for reading instead of one escaped line.
 */
function withReadableBodies(key: string, value: unknown): unknown {
  if ((key !== 'request' && key !== 'response') || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const text = key === 'request' ? record.body : record.bodyText;
  const parsed = typeof text === 'string' ? parsedBody(text) : undefined;
  return parsed === undefined ? value : { ...record, bodyJson: parsed };
}

export function jsonReport(run: RunResult, redact: Redact): string {
  return redact(JSON.stringify({ format: 'gateway-console/qa-report@1', ...run }, withReadableBodies, 2));
}

/**
 * A short summary to paste into a ticket: counts, then each failure with expected vs actual. Every value from
 * outside is literal inline Markdown (markdown-text.ts): a name cannot add a "Result:" line of its own.
 */
export function markdownSummary(run: RunResult, redact: Redact): string {
  const md = markdownInline;
  const lines = [
    `## ${md(run.title)}`,
    '',
    `- Result: **${run.counts.failed ? 'FAILED' : 'PASSED'}** — ${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped (${run.counts.total} total)`,
    `- Profiles: ${run.profiles.map((profile) => `${md(profile.name)} (${md(profile.environment)}, terminal ${md(profile.terminalId)}, Variant ${md(profile.variant)})`).join('; ') || 'none'}`,
    `- Console version: ${md(run.consoleVersion)}`,
    `- Time: ${md(run.startedAt)} → ${md(run.finishedAt ?? 'running')}`,
    ...(run.tester ? [`- Tester: ${md(run.tester)}`] : []),
    '',
  ];
  const failed = run.scenarios.filter((scenario) => scenario.status === 'failed');
  if (failed.length) {
    lines.push('### Failures', '');
    for (const scenario of failed) {
      lines.push(`- **${md(scenario.name)}** (file ${md(scenario.file)})`);
      const step = scenario.steps.find((item) => item.status === 'failed');
      if (step)
        for (const line of stepFailureText(step, md).split('\n'))
          lines.push(`  ${line.startsWith('  ') ? `- ${line.trim()}` : line}`);
    }
    lines.push('');
  }
  lines.push(`| ${itemHeading(run)} | Result | Time |`, '|---|---|---|');
  for (const scenario of run.scenarios)
    lines.push(`| ${md(scenario.name)} | ${md(scenario.status)} | ${seconds(scenario.durationMs)} s |`);
  return redact(`${lines.join('\n')}\n`);
}
