/**
 * The go-live checklist of a shop under test (issue 29 §5), filled from what its traffic showed: each item
 * pass / fail / not exercised, with the evidence (traffic seqs) and the findings that failed it, and the
 * report as JSON, JUnit XML (CI) and a self-contained HTML page. Pure: main, the renderer and the `certify`
 * CLI build the same report. One report certifies one source of traffic (the shop's world, or one
recording-proxy session): traffic from elsewhere never passes or fails its items. Everything a shop sent is outside text: escaped for where it goes (HTML, XML)
 * and passed through the export's last redaction check.
 */
import { redactBody } from '../redact-export';
import { xmlEscape } from '../xml-text';
import { htmlEscape as h, reportFileHead } from '../qa/report-text';
import {
  findShopProblems,
  isOutcomeUnknown,
  type FindShopProblemsOptions,
  type ShopFinding,
  type ShopFindingCode,
} from './findings';
import { englishShopText, shopText, type ShopText, type ShopTextId } from './shop-text';
import type { ShopCall, ShopNotification, ShopTrafficEntry } from './traffic';
import { sourceTitle, splitBySource, type TrafficSource } from './traffic-source';

export const CERTIFICATION_ITEM_IDS = [
  'handles-declined',
  'handles-timeout',
  'handles-expired-reference',
  'no-resend-after-unknown',
  'duplicate-notifications',
  'out-of-order-notifications',
  'ack-shape',
  'polling-discipline',
  'request-headers',
  'request-bodies',
] as const;
export type CertificationItemId = (typeof CERTIFICATION_ITEM_IDS)[number];
export type CertificationStatus = 'pass' | 'fail' | 'not-exercised';

export interface CertificationItem {
  id: CertificationItemId;
  title: ShopText;
  /** English title (CLI, JSON, JUnit). */
  titleText: string;
  status: CertificationStatus;
  /** The traffic that exercised the item (and, when it failed, that shows why). */
  evidenceSeqs: number[];
  /** The findings that failed it. */
  findingIds: string[];
}

export interface CertificationReport {
  generatedAt: string;
  /** The world (or recording-proxy session) the traffic came from; null when there was none. */
  source: TrafficSource | null;
  entries: number;
  items: CertificationItem[];
  findings: ShopFinding[];
  counts: { pass: number; fail: number; notExercised: number };
  /** True when no item failed. */
  passed: boolean;
}

const TITLES: Record<CertificationItemId, ShopTextId> = {
  'handles-declined': 'certHandlesDeclined',
  'handles-timeout': 'certHandlesTimeout',
  'handles-expired-reference': 'certHandlesExpiredReference',
  'no-resend-after-unknown': 'certNoResendAfterUnknown',
  'duplicate-notifications': 'certDuplicateNotifications',
  'out-of-order-notifications': 'certOutOfOrderNotifications',
  'ack-shape': 'certAckShape',
  'polling-discipline': 'certPollingDiscipline',
  'request-headers': 'certRequestHeaders',
  'request-bodies': 'certRequestBodies',
};

/** What exercised an item, and which of the findings fail it. */
interface Judged {
  evidence: number[];
  failing: ShopFinding[];
  /** Entries that fail the item without a finding of their own (a late notification refused as stale). */
  failedSeqs?: number[];
}

const withCodes = (findings: ShopFinding[], codes: ShopFindingCode[], transactions?: Set<string>) =>
  findings.filter(
    (finding) =>
      finding.severity === 'error' &&
      codes.includes(finding.code) &&
      (!transactions || (finding.transactionID !== null && transactions.has(finding.transactionID))),
  );

/** A final outcome the shop was told of: the transactions and the entries that told it. */
function outcome(
  entries: ShopTrafficEntry[],
  test: (entry: ShopTrafficEntry) => boolean,
  findings: ShopFinding[],
): Judged {
  const told = entries.filter(test);
  const transactions = new Set(told.map((entry) => entry.transactionID).filter((id): id is string => id !== null));
  return {
    evidence: told.map((entry) => entry.seq),
    failing: withCodes(findings, ['follow-up-on-final', 'outcome-never-checked'], transactions),
  };
}

/** Notifications of one transaction in seq order where a non-final one came after a final one. */
function outOfOrder(notifications: ShopNotification[]): Judged & { late: ShopNotification[] } {
  const finalSeen = new Map<string, ShopNotification>();
  const late: ShopNotification[] = [];
  const evidence: number[] = [];
  for (const entry of notifications) {
    const final = FINAL.has(entry.paymentStatus);
    const earlier = finalSeen.get(entry.transactionID);
    if (final && !earlier) finalSeen.set(entry.transactionID, entry);
    else if (!final && earlier) {
      late.push(entry);
      evidence.push(earlier.seq, entry.seq);
    }
  }
  return { evidence, failing: [], late };
}

const FINAL = new Set(['Success', 'Declined', 'Error', 'Timeout', 'Expired']);

function judge(id: CertificationItemId, entries: ShopTrafficEntry[], findings: ShopFinding[]): Judged {
  const calls = entries.filter((entry): entry is ShopCall => entry.kind === 'call');
  const notifications = entries.filter((entry): entry is ShopNotification => entry.kind === 'notification');
  switch (id) {
    case 'handles-declined':
      return outcome(entries, (entry) => entry.paymentStatus === 'Declined', findings);
    case 'handles-timeout':
      return outcome(entries, (entry) => entry.paymentStatus === 'Timeout', findings);
    case 'handles-expired-reference':
      return outcome(
        entries,
        (entry) => entry.paymentStatus === 'Expired' || (entry.kind === 'call' && entry.statusCode === 'E0612'),
        findings,
      );
    case 'no-resend-after-unknown':
      return {
        evidence: calls
          .filter((call) => call.operation === 'createOrder' && isOutcomeUnknown(call))
          .map((call) => call.seq),
        failing: withCodes(findings, ['create-resent']),
      };
    case 'duplicate-notifications': {
      const counts = new Map<string, number>();
      for (const entry of notifications) counts.set(entry.notificationID, (counts.get(entry.notificationID) ?? 0) + 1);
      const repeated = notifications.filter((entry) => (counts.get(entry.notificationID) ?? 0) > 1 && entry.answer);
      const ids = new Set(repeated.map((entry) => entry.notificationID));
      return {
        evidence: repeated.map((entry) => entry.seq),
        failing: findings.filter(
          (finding) => finding.code === 'ack-inconsistent' && ids.has(String(finding.text.params.notificationID)),
        ),
      };
    }
    case 'out-of-order-notifications': {
      const judged = outOfOrder(notifications.filter((entry) => entry.answer && entry.attempt === 1 && !entry.copy));
      // Correct: the late, older notification is acknowledged like the final one was (not refused as stale).
      const refused = judged.late.filter((entry) => !entry.acknowledged && entry.answer);
      return { evidence: judged.evidence, failing: [], failedSeqs: refused.map((entry) => entry.seq) };
    }
    case 'ack-shape':
      return {
        evidence: notifications.filter((entry) => entry.answer).map((entry) => entry.seq),
        failing: withCodes(findings, ['ack-wrong-shape', 'ack-late']),
      };
    case 'polling-discipline':
      return {
        evidence: calls.filter((call) => call.operation === 'getStatus').map((call) => call.seq),
        failing: withCodes(findings, ['status-polled-too-fast', 'outcome-never-checked']),
      };
    case 'request-headers':
      return {
        evidence: calls.map((call) => call.seq),
        failing: withCodes(findings, ['missing-header', 'wrong-auth-scheme', 'foreign-signature', 'invalid-signature']),
      };
    case 'request-bodies':
      return {
        evidence: calls.filter((call) => call.request.body !== null).map((call) => call.seq),
        failing: withCodes(findings, ['body-rule', 'merchant-transaction-id-reused', 'unknown-operation']),
      };
  }
}

/**
 * The checklist of one source's traffic, judged with that traffic's findings. Throws when the entries come
 * from more than one source: split them first (`certifyBySource`).
 */
export function certify(
  entries: readonly ShopTrafficEntry[],
  findings: readonly ShopFinding[],
  now = new Date(),
): CertificationReport {
  const sources = splitBySource(entries, (entry) => entry);
  if (sources.length > 1)
    throw new RangeError(
      `A certification report covers one source, not ${sources.map((group) => sourceTitle(group.source)).join(' and ')}.`,
    );
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const list = [...findings];
  const items = CERTIFICATION_ITEM_IDS.map((id): CertificationItem => {
    const { evidence, failing, failedSeqs = [] } = judge(id, sorted, list);
    const status: CertificationStatus =
      failing.length || failedSeqs.length ? 'fail' : evidence.length ? 'pass' : 'not-exercised';
    const evidenceSeqs = [...new Set([...evidence, ...failing.flatMap((finding) => finding.seqs)])].sort(
      (a, b) => a - b,
    );
    const title = shopText(TITLES[id]);
    return {
      id,
      title,
      titleText: englishShopText(title),
      status,
      evidenceSeqs,
      findingIds: failing.map((finding) => finding.id),
    };
  });
  const count = (status: CertificationStatus) => items.filter((item) => item.status === status).length;
  return {
    generatedAt: now.toISOString(),
    source: sources[0]?.source ?? null,
    entries: sorted.length,
    items,
    findings: list,
    counts: { pass: count('pass'), fail: count('fail'), notExercised: count('not-exercised') },
    passed: count('fail') === 0,
  };
}

export interface SourceCertification {
  source: TrafficSource;
  /** That source's traffic, oldest first. */
  entries: ShopTrafficEntry[];
  /** That source's findings (judged on its traffic alone). */
  findings: ShopFinding[];
  report: CertificationReport;
}

/** Traffic from several sources judged and certified per source, sources in the order they first appear. */
export function certifyBySource(
  entries: readonly ShopTrafficEntry[],
  options: FindShopProblemsOptions = {},
  now = new Date(),
): SourceCertification[] {
  return splitBySource(entries, (entry) => entry).map(({ source, items }) => {
    const sorted = items.sort((a, b) => a.seq - b.seq);
    const findings = findShopProblems(sorted, options);
    return { source, entries: sorted, findings, report: certify(sorted, findings, now) };
  });
}

/** What a report certifies, in English: the source, or that there was no traffic. */
const certifiedText = (report: CertificationReport): string =>
  report.source ? sourceTitle(report.source) : 'no traffic';

/** The report as JSON (the findings and items with their English texts and ids), last-checked for secrets. */
export const certificationJson = (report: CertificationReport): string => redactBody(JSON.stringify(report, null, 2));

/** JUnit XML: one testcase per item; a failed item is a failure naming its findings, one not exercised is skipped. */
export function certificationJunit(report: CertificationReport): string {
  const byId = new Map(report.findings.map((finding) => [finding.id, finding]));
  const cases = report.items.map((item) => {
    const open = `    <testcase classname="shop-certification" name="${xmlEscape(item.titleText)}" time="0">`;
    if (item.status === 'pass') return `${open}</testcase>`;
    if (item.status === 'not-exercised') return `${open}<skipped message="not exercised"/></testcase>`;
    const reasons = item.findingIds.map((id) => byId.get(id)).filter((finding): finding is ShopFinding => !!finding);
    const text = reasons.length
      ? reasons
          .map(
            (finding) =>
              `${finding.section}: ${finding.message} Fix: ${finding.fixMessage} (traffic ${finding.seqs.join(', ')})`,
          )
          .join('\n')
      : `Evidence: traffic ${item.evidenceSeqs.join(', ')}`;
    return `${open}<failure message="${xmlEscape(item.titleText)} failed">${xmlEscape(text)}</failure></testcase>`;
  });
  // The suite keeps its name (CI keys a test's history by it); what it certifies is in its properties.
  const name = 'Shop certification';
  const properties = `    <properties>\n      <property name="source" value="${xmlEscape(certifiedText(report))}"/>\n${
    report.source
      ? `      <property name="source.via" value="${xmlEscape(report.source.via)}"/>\n      <property name="source.id" value="${xmlEscape(report.source.worldId)}"/>\n`
      : ''
  }    </properties>\n`;
  return redactBody(
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${report.items.length}" failures="${report.counts.fail}" skipped="${report.counts.notExercised}">\n  <testsuite name="${name}" tests="${report.items.length}" failures="${report.counts.fail}" errors="0" skipped="${report.counts.notExercised}" timestamp="${xmlEscape(report.generatedAt)}">\n${properties}${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`,
  );
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;color:#1f2328}
body{margin:24px auto;max-width:1100px;padding:0 16px}h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top}th{background:#f6f8fa}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:600;font-size:12px}
.pass{background:#dafbe1;color:#116329}.fail{background:#ffebe9;color:#a40e26}.not-exercised,.warning{background:#eaeef2;color:#424a53}.error{background:#ffebe9;color:#a40e26}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;border:1px solid #d0d7de;padding:6px;margin:4px 0;font-size:12px;font-family:ui-monospace,Menlo,Consolas,monospace}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace}
`;

const STATUS_TEXT: Record<CertificationStatus, string> = {
  pass: 'pass',
  fail: 'fail',
  'not-exercised': 'not exercised',
};
const badge = (cls: string, text: string) => `<span class="badge ${h(cls)}">${h(text)}</span>`;
const seqLinks = (seqs: number[]) => seqs.map((seq) => `<a href="#seq-${seq}">#${seq}</a>`).join(' ');

function entryRow(entry: ShopTrafficEntry): string {
  if (entry.kind === 'call') {
    const answer = entry.response
      ? `HTTP ${entry.response.status}${entry.response.fault ? ` (${entry.response.fault})` : ''}`
      : 'no answer';
    const headers = Object.entries(entry.request.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    return `<tr id="seq-${entry.seq}"><td>#${entry.seq}</td><td class="mono">${h(entry.receivedAt)}</td><td class="mono">${h(entry.method)} ${h(entry.path)}</td><td>${h(answer)} · ${Math.round(entry.durationMs)} ms</td></tr>
<tr><td></td><td colspan="3"><pre>${h(headers)}${entry.request.body ? `\n\n${h(entry.request.body)}` : ''}</pre>${entry.response ? `<pre>${h(entry.response.body)}</pre>` : ''}</td></tr>`;
  }
  const answer = entry.answer ? `HTTP ${entry.answer.status}` : 'no answer';
  return `<tr id="seq-${entry.seq}"><td>#${entry.seq}</td><td class="mono">${h(entry.sentAt)}</td><td class="mono">notification ${h(entry.notificationID)} · ${h(entry.paymentStatus)} → ${h(entry.url)}</td><td>${h(answer)} · ${entry.acknowledged ? 'acknowledged' : h(`not acknowledged (${entry.ackProblem ?? '?'})`)} · ${Math.round(entry.durationMs)} ms</td></tr>
${entry.answer ? `<tr><td></td><td colspan="3"><pre>${h(entry.answer.body)}</pre></td></tr>` : ''}`;
}

/**
 * One self-contained page (inline CSS, no script, a CSP that forbids any fetch): the checklist, the
 * findings with their fixes, and the evidence entries. Every value from the shop is escaped.
 */
export function certificationHtml(report: CertificationReport, entries: readonly ShopTrafficEntry[]): string {
  const cited = new Set([
    ...report.items.flatMap((item) => item.evidenceSeqs),
    ...report.findings.flatMap((finding) => finding.seqs),
  ]);
  const evidence = [...entries].filter((entry) => cited.has(entry.seq)).sort((a, b) => a.seq - b.seq);
  const items = report.items
    .map(
      (item) =>
        `<tr><td>${h(item.titleText)}</td><td>${badge(item.status, STATUS_TEXT[item.status])}</td><td>${seqLinks(item.evidenceSeqs)}</td></tr>`,
    )
    .join('');
  const findings = report.findings
    .map(
      (finding) =>
        `<tr><td>${badge(finding.severity, finding.severity)}</td><td>${h(finding.section)}</td><td>${h(finding.message)}<br><em>Fix:</em> ${h(finding.fixMessage)}</td><td>${seqLinks(finding.seqs)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head>${reportFileHead(`Shop certification: ${certifiedText(report)}`, STYLE)}</head>
<body><main>
<h1>Shop certification ${badge(report.passed ? 'pass' : 'fail', report.passed ? 'pass' : 'fail')}</h1>
<p>${report.source ? `Certifies the traffic of the <strong>${h(sourceTitle(report.source))}</strong>, and only that.` : 'No traffic to certify.'}</p>
<p>${report.counts.pass} passed, ${report.counts.fail} failed, ${report.counts.notExercised} not exercised · ${report.entries} traffic entries · ${h(report.generatedAt)}</p>
<h2>Checklist</h2>
<table><thead><tr><th>Item</th><th>Result</th><th>Evidence</th></tr></thead><tbody>${items}</tbody></table>
<h2>Findings</h2>
${findings ? `<table><thead><tr><th>Severity</th><th>Section</th><th>What and how to fix</th><th>Evidence</th></tr></thead><tbody>${findings}</tbody></table>` : '<p>None.</p>'}
<h2>Evidence</h2>
<table><thead><tr><th>Seq</th><th>Time</th><th>Call</th><th>Answer</th></tr></thead><tbody>${evidence.map(entryRow).join('\n')}</tbody></table>
</main></body></html>
`;
  return redactBody(html);
}

export type CertificationFormat = 'html' | 'json' | 'junit';

/** The report in one format (the CLI picks it from the file's extension or --format). */
export function renderCertification(
  format: CertificationFormat,
  report: CertificationReport,
  entries: readonly ShopTrafficEntry[],
): string {
  return format === 'html'
    ? certificationHtml(report, entries)
    : format === 'junit'
      ? certificationJunit(report)
      : certificationJson(report);
}
