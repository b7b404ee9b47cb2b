/** One entry point for the four report forms, with file names and media types. */
import type { ReportFormat, RunResult } from '../contract/qa';
import { htmlReport } from './report-html';
import { jsonReport, junitReport, markdownSummary, type Redact } from './report-text';

export const REPORT_FILES: Record<ReportFormat, { suffix: string; mediaType: string }> = {
  html: { suffix: '.html', mediaType: 'text/html' },
  json: { suffix: '.json', mediaType: 'application/json' },
  junit: { suffix: '.junit.xml', mediaType: 'application/xml' },
  markdown: { suffix: '.md', mediaType: 'text/markdown' },
};

export function buildReport(run: RunResult, format: ReportFormat, redact: Redact) {
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
