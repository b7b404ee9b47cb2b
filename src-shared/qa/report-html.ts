/**
 * The self-contained HTML report: one file, inline CSS, no script, no external asset (its own CSP
 * forbids any fetch), opens offline and prints cleanly to PDF (every exchange is laid out, nothing is
 * behind a click). Summary first, then per scenario or transaction its steps, verdicts and notes, each
 * redacted request and response, the notifications received and the timings, and a sequence diagram
 * (inline SVG) of each transaction it touched.
 */
import type { Exchange } from '../exchange';
import type { RunResult, ScenarioResult, StepResult } from '../contract/qa';
import { scenarioDiagrams } from './report-diagrams';
import { htmlEscape as h, itemHeading, prettyBody as pretty, reportFileHead, show, type Redact } from './report-text';

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;color:#1f2328}
body{margin:24px auto;max-width:1100px;padding:0 16px}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:28px 0 6px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
h3{font-size:14px;margin:14px 0 4px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f6f8fa}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:600;font-size:12px}
.passed{background:#dafbe1;color:#116329}.failed{background:#ffebe9;color:#a40e26}.skipped,.running{background:#eaeef2;color:#424a53}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;border:1px solid #d0d7de;padding:6px;margin:4px 0;font-size:12px;font-family:ui-monospace,Menlo,Consolas,monospace}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace}.muted{color:#59636e}
.exchange{border-left:3px solid #8c959f;padding-left:8px;margin:8px 0}
.scenario{break-inside:auto;margin-bottom:18px}
figure.diagram{margin:8px 0;overflow-x:auto}figure.diagram svg{max-width:100%;height:auto}
@media print{figure.diagram{break-inside:avoid}}
@media print{body{margin:0;max-width:none}.scenario{break-before:auto}.exchange,tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
`;

const badge = (status: string): string => `<span class="badge ${h(status)}">${h(status)}</span>`;

function exchangeBlock(exchange: Exchange): string {
  const headers = (record: Record<string, string>) =>
    Object.entries(record)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
  return `<div class="exchange" id="exchange-${h(exchange.id)}">
<div><strong>${h(exchange.operation)}</strong> <span class="mono">${h(exchange.method)} ${h(exchange.url)}</span> → ${
    exchange.response ? `HTTP ${exchange.response.status}` : h(exchange.classification)
  } · ${h(exchange.classification)} · ${Math.round(exchange.timings.durationMs)} ms · ${exchange.timings.attempts} attempt(s) · ${h(exchange.timings.startedAt)}</div>
<div class="muted">${h(exchange.summary)}${exchange.suggestedAction ? ` — ${h(exchange.suggestedAction)}` : ''}</div>
<h3>Request</h3><pre>${h(headers(exchange.request.headers))}${exchange.request.body ? `\n\n${h(pretty(exchange.request.body))}` : ''}</pre>
${exchange.response ? `<h3>Response</h3><pre>${h(headers(exchange.response.headers))}\n\n${h(pretty(exchange.response.bodyText))}</pre>` : ''}
</div>`;
}

/** Attached files are listed (name, type, size, SHA-256, where main keeps them), never embedded. */
function evidenceList(step: StepResult): string {
  if (!step.evidence?.length) return '';
  const items = step.evidence
    .map(
      (item) =>
        `<li class="mono">${h(item.name)} · ${h(item.mediaType)} · ${item.bytes} bytes · sha256 ${h(item.sha256)} · kept as qa-evidence/${h(item.savedAs)}</li>`,
    )
    .join('');
  return `<p><strong>Evidence:</strong></p><ul>${items}</ul>`;
}

function stepRows(step: StepResult): string {
  const checks = step.checks
    .map(
      (check) =>
        `<tr><td class="mono">${h(check.what)}</td><td class="mono">${h(show(check.expected))}</td><td class="mono">${h(show(check.actual))}</td><td>${badge(check.passed ? 'passed' : 'failed')}</td></tr>`,
    )
    .join('');
  const notifications = step.notifications
    .map(
      (item) =>
        `<li class="mono">${h(item.receivedAt)} · ${h(item.paymentStatus ?? '?')} · notificationID ${h(item.notificationId)}${item.duplicate ? ' · duplicate' : ''}</li>`,
    )
    .join('');
  return `<h3>${step.index + 1}. ${h(step.name)} ${badge(step.status)} <span class="muted">${h(step.kind)}${step.line ? ` · line ${step.line}` : ''} · ${Math.round(step.durationMs)} ms</span></h3>
${step.message ? `<p>${h(step.message)}</p>` : ''}${step.note ? `<p><strong>Note:</strong> ${h(step.note)}</p>` : ''}${evidenceList(step)}
${checks ? `<table><thead><tr><th>Check</th><th>Expected</th><th>Actual</th><th>Result</th></tr></thead><tbody>${checks}</tbody></table>` : ''}
${notifications ? `<p>Notifications received:</p><ul>${notifications}</ul>` : ''}
${step.exchanges.map(exchangeBlock).join('\n')}`;
}

function scenarioSection(scenario: ScenarioResult, index: number): string {
  return `<section class="scenario" id="scenario-${index + 1}">
<h2>${index + 1}. ${h(scenario.name)} ${badge(scenario.status)}</h2>
<p class="muted mono">${h(scenario.file)} · ${h(scenario.startedAt)} · ${(scenario.durationMs / 1000).toFixed(2)} s</p>
${scenario.message ? `<p>${h(scenario.message)}</p>` : ''}
${scenario.steps.map(stepRows).join('\n')}
${scenarioDiagrams(scenario)
  .map(
    (diagram) =>
      `<figure class="diagram"><figcaption>Sequence diagram · <span class="mono">${h(diagram.transactionId)}</span></figcaption>\n${diagram.svg}\n</figure>`,
  )
  .join('\n')}
</section>`;
}

export function htmlReport(run: RunResult, redact: Redact): string {
  const rows = run.scenarios
    .map(
      (scenario, index) =>
        `<tr><td><a href="#scenario-${index + 1}">${h(scenario.name)}</a></td><td>${badge(scenario.status)}</td><td>${(scenario.durationMs / 1000).toFixed(2)} s</td></tr>`,
    )
    .join('');
  const profiles = run.profiles
    .map(
      (profile) =>
        `${h(profile.name)} (${h(profile.environment)}, terminal ${h(profile.terminalId)}, Variant ${h(profile.variant)})`,
    )
    .join('; ');
  const html = `<!doctype html>
<html lang="en"><head>${reportFileHead(run.title, STYLE)}</head>
<body><main>
<h1>${h(run.title)} ${badge(run.counts.failed ? 'failed' : run.counts.passed ? 'passed' : 'skipped')}</h1>
<table><tbody>
<tr><th scope="row">Profiles</th><td>${profiles || 'none'}</td></tr>
<tr><th scope="row">Console version</th><td>${h(run.consoleVersion)}</td></tr>
<tr><th scope="row">Time span</th><td>${h(run.startedAt)} → ${h(run.finishedAt ?? 'running')}</td></tr>
<tr><th scope="row">Tester</th><td>${h(run.tester ?? '—')}</td></tr>
<tr><th scope="row">Result</th><td>${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped (${run.counts.total} total)</td></tr>
</tbody></table>
<h2>Summary</h2>
<table><thead><tr><th>${itemHeading(run)}</th><th>Result</th><th>Time</th></tr></thead><tbody>${rows}</tbody></table>
${run.scenarios.map(scenarioSection).join('\n')}
</main></body></html>
`;
  return redact(html);
}
