/** One entry point for the four report forms, with file names and media types. */
import type { ReportFormat, RunResult } from '../contract/qa';
import { masksCustomerData, maskCustomerDataInText } from '../support/customer-data';
import { htmlReport } from './report-html';
import { jsonReport, junitReport, markdownSummary, type Redact } from './report-text';

export const REPORT_FILES: Record<ReportFormat, { suffix: string; mediaType: string }> = {
  html: { suffix: '.html', mediaType: 'text/html' },
  json: { suffix: '.json', mediaType: 'application/json' },
  junit: { suffix: '.junit.xml', mediaType: 'application/xml' },
  markdown: { suffix: '.md', mediaType: 'text/markdown' },
};

/**
 * Every string of the run redacted as it is (a body's JSON still has its own quotes, which escaping for
 * HTML, XML or JSON would hide from the redaction's patterns), then the finished text once more.
 */
function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, redactDeep(item, redact)]),
    ) as T;
  return value;
}

/**
 * A run against a production profile exchanged a real shopper's data: its report masks it like every other
 * export of such a profile. Only JSON-looking strings go through the masking, so that a check's expected
 * "16.20" is not rewritten as the number 16.2.
 */
function customerMasking(source: RunResult, redact: Redact): Redact {
  if (!source.profiles.some((profile) => masksCustomerData(profile))) return redact;
  return (text) => {
    const redacted = redact(text);
    return /^\s*[[{]/.test(redacted) || redacted.includes('"') ? maskCustomerDataInText(redacted) : redacted;
  };
}

export function buildReport(source: RunResult, format: ReportFormat, redact: Redact) {
  const run = redactDeep(source, customerMasking(source, redact));
  const text =
    format === 'html'
      ? htmlReport(run, redact)
      : format === 'json'
        ? jsonReport(run, redact)
        : format === 'junit'
          ? junitReport(run, redact)
          : markdownSummary(run, redact);
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  return {
    fileName: `qa-report-${stamp}${REPORT_FILES[format].suffix}`,
    mediaType: REPORT_FILES[format].mediaType,
    text,
  };
}
