/**
 * Evidence of a scenario run or a manual test session, in four forms that share one source (a RunResult):
 * JUnit XML for CI, JSON for tools, a Markdown summary for a ticket and a self-contained HTML report.
 * Pure TS: main (CLI, qa.report) and the renderer (manual sessions) build the same reports. Every text
 * goes through the caller's `redact` — the same redaction as exports — before it is returned.
 */
import type { RunResult, ScenarioResult, StepResult } from '../contract/qa';

export type Redact = (text: string) => string;

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export const xmlEscape = (text: string): string =>
  text
    .replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)
    // XML 1.0 cannot carry most control characters, even escaped.
    .replace(XML_FORBIDDEN, '');

export const htmlEscape = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!);

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

export const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

export function stepFailureText(step: StepResult): string {
  const lines = [`Step ${step.index + 1} "${step.name}" (line ${step.line}): ${step.message ?? 'failed'}`];
  for (const check of step.checks.filter((item) => !item.passed))
    lines.push(`  ${check.what}: expected ${show(check.expected)}, actual ${show(check.actual)}`);
  for (const exchange of step.exchanges)
    lines.push(
      `  ${exchange.method} ${exchange.url} → ${exchange.response ? `HTTP ${exchange.response.status}` : exchange.classification} (exchange ${exchange.id})`,
    );
  return lines.join('\n');
}

/** JUnit XML: one testsuite per folder, one testcase per scenario (per data-table row). */
export function junitReport(run: RunResult, redact: Redact): string {
  const folders = new Map<string, ScenarioResult[]>();
  for (const scenario of run.scenarios)
    folders.set(scenario.folder, [...(folders.get(scenario.folder) ?? []), scenario]);
  const suites = [...folders.entries()].map(([folder, scenarios]) => {
    const failures = scenarios.filter((scenario) => scenario.status === 'failed').length;
    const skipped = scenarios.filter((scenario) => scenario.status === 'skipped').length;
    const time = scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0);
    const cases = scenarios.map((scenario) => {
      const attrs = `name="${xmlEscape(scenario.name)}" classname="${xmlEscape(scenario.file.replace(/\//g, '.'))}" time="${seconds(scenario.durationMs)}"`;
      const failed = scenario.steps.find((step) => step.status === 'failed');
      if (scenario.status === 'failed')
        return `    <testcase ${attrs}>\n      <failure message="${xmlEscape(scenario.message ?? 'failed')}" type="ScenarioStepFailed">${xmlEscape(failed ? stepFailureText(failed) : (scenario.message ?? ''))}</failure>\n    </testcase>`;
      if (scenario.status === 'skipped')
        return `    <testcase ${attrs}>\n      <skipped message="${xmlEscape(scenario.message ?? 'skipped')}"/>\n    </testcase>`;
      return `    <testcase ${attrs}/>`;
    });
    return `  <testsuite name="${xmlEscape(folder)}" tests="${scenarios.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${xmlEscape(scenarios[0]?.startedAt ?? run.startedAt)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const totalTime = run.scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0);
  return redact(
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xmlEscape(run.title)}" tests="${run.counts.total}" failures="${run.counts.failed}" errors="0" skipped="${run.counts.skipped}" time="${seconds(totalTime)}">\n${suites.join('\n')}\n</testsuites>\n`,
  );
}

export function jsonReport(run: RunResult, redact: Redact): string {
  return redact(JSON.stringify({ format: 'gateway-console/qa-report@1', ...run }, null, 2));
}

/** A short summary to paste into a ticket: counts, then each failure with expected vs actual. */
export function markdownSummary(run: RunResult, redact: Redact): string {
  const lines = [
    `## ${run.title}`,
    '',
    `- Result: **${run.counts.failed ? 'FAILED' : 'PASSED'}** — ${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped (${run.counts.total} total)`,
    `- Profiles: ${run.profiles.map((profile) => `${profile.name} (${profile.environment}, terminal ${profile.terminalId}, Variant ${profile.variant})`).join('; ') || 'none'}`,
    `- Console version: ${run.consoleVersion}`,
    `- Time: ${run.startedAt} → ${run.finishedAt ?? 'running'}`,
    ...(run.tester ? [`- Tester: ${run.tester}`] : []),
    '',
  ];
  const failed = run.scenarios.filter((scenario) => scenario.status === 'failed');
  if (failed.length) {
    lines.push('### Failures', '');
    for (const scenario of failed) {
      lines.push(`- **${scenario.name}** (\`${scenario.file}\`)`);
      const step = scenario.steps.find((item) => item.status === 'failed');
      if (step)
        for (const line of stepFailureText(step).split('\n'))
          lines.push(`  ${line.startsWith('  ') ? `- ${line.trim()}` : line}`);
    }
    lines.push('');
  }
  lines.push('| Scenario | Result | Time |', '|---|---|---|');
  for (const scenario of run.scenarios)
    lines.push(`| ${scenario.name.replace(/\|/g, '\\|')} | ${scenario.status} | ${seconds(scenario.durationMs)} s |`);
  return redact(`${lines.join('\n')}\n`);
}
