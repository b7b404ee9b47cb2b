import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '@shared/contract/qa';
import { buildReport } from '@shared/qa/reports';
import { registerSecret } from '../../../src-main/common/redact-text';
import { redactReport } from '../../../src-main/qa/redact-report';

const SECRET = 'tok_REPORTcanary_8027461395';

const run = (): RunResult => ({
  id: 'run-1',
  title: 'Run <with> "quotes" & ampersands',
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:05.000Z',
  consoleVersion: '0.1.0',
  tester: 'Ana',
  profiles: [{ id: 'p', name: 'Shop test', environment: 'test', terminalId: '1', variant: 'A' }],
  counts: { total: 1, passed: 0, failed: 1, skipped: 0 },
  scenarios: [
    {
      key: 'a.yaml',
      file: 'a.yaml',
      folder: 'orders',
      name: 'Fails </testcase> on purpose',
      row: null,
      profileId: 'p',
      status: 'failed',
      message: 'Step 1 failed',
      startedAt: '2026-11-24T10:00:00.000Z',
      durationMs: 1234,
      steps: [
        {
          index: 0,
          name: 'Status',
          kind: 'status',
          line: 7,
          status: 'failed',
          message: 'paymentStatus: expected "Success", got "Pending"',
          checks: [{ what: 'paymentStatus', expected: 'Success', actual: 'Pending', passed: false }],
          notifications: [],
          note: null,
          startedAt: '2026-11-24T10:00:00.000Z',
          durationMs: 12,
          exchanges: [
            {
              id: 'ex-1',
              profileId: 'p',
              operation: 'getStatus',
              method: 'GET',
              url: 'http://127.0.0.1/api/v2/payments/T1/status',
              // An exchange that somehow still holds a secret (an old import): the report must not.
              request: { headers: { Authorization: `Bearer ${SECRET}` }, body: null },
              response: {
                status: 200,
                headers: {},
                bodyText: '{"transactionSignature":"sig-abcdefghijklmnop","card":"4000056655665556"}',
              },
              timings: { startedAt: '2026-11-24T10:00:00.000Z', durationMs: 12, attempts: 1 },
              size: { requestBytes: 0, responseBytes: 10 },
              classification: 'ok',
              summary: 'HTTP 200',
              suggestedAction: null,
              returnStatus: { statusCode: '000' },
              paymentStatus: 'Pending',
              conformanceNotes: [],
              transactionID: 'T1',
              merchantTransactionId: null,
            },
          ],
        },
      ],
    },
  ],
});

describe('QA reports', () => {
  registerSecret(SECRET);

  it('every format is redacted like an export: no token, no signature, card at most BIN + last 4', () => {
    for (const format of ['html', 'json', 'junit', 'markdown'] as const) {
      const { text } = buildReport(run(), format, redactReport);
      expect(text, format).not.toContain(SECRET);
      expect(text, format).not.toContain('sig-abcdefghijklmnop');
      expect(text, format).not.toContain('4000056655665556');
    }
  });

  it('response bodies pretty-printed: the JSON report lays out a JSON body indented, not as one escaped line, and stays redacted', () => {
    const source = run();
    const exchange = source.scenarios[0]!.steps[0]!.exchanges[0]!;
    exchange.response!.bodyText = JSON.stringify({ paymentStatus: 'Pending', returnStatus: { statusCode: '000' } });
    exchange.request.body = '<not json>';
    const { text } = buildReport(source, 'json', redactReport);
    expect(text).toMatch(
      /\n {16}"bodyJson": \{\n {18}"paymentStatus": "Pending",\n {18}"returnStatus": \{\n {20}"statusCode": "000"/,
    );
    const parsed = JSON.parse(text);
    const shown = parsed.scenarios[0].steps[0].exchanges[0];
    expect(shown.response.bodyText).toBe(exchange.response!.bodyText);
    // Text that is not JSON stays exactly as it came, with nothing parsed beside it.
    expect(shown.request).toEqual({ headers: expect.any(Object), body: '<not json>' });
    // The secret-bearing body of the default run is masked in its parsed form too.
    const secretRun = buildReport(run(), 'json', redactReport).text;
    expect(secretRun).toContain('"bodyJson"');
    expect(secretRun).not.toContain('sig-abcdefghijklmnop');
    expect(secretRun).not.toContain('4000056655665556');
  });

  it('HTML is one self-contained file: no script, no external asset, a CSP that forbids fetching, print rules', () => {
    const { text, fileName, mediaType } = buildReport(run(), 'html', redactReport);
    expect(fileName).toMatch(/^qa-report-.*\.html$/);
    expect(mediaType).toBe('text/html');
    expect(text).not.toMatch(/<script|<link|<img|src=|url\(/i);
    expect(text).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(text).toContain('@media print');
    expect(text).toContain('Fails &lt;/testcase&gt; on purpose');
    expect(text).toMatch(/<td class="mono">&quot;Success&quot;<\/td><td class="mono">&quot;Pending&quot;<\/td>/);
  });

  it('HTML draws one inline SVG sequence diagram per transaction, naming the participants and what was said', () => {
    const source = run();
    const step = source.scenarios[0]!.steps[0]!;
    const status = step.exchanges[0]!;
    step.exchanges.push({
      ...status,
      id: 'ex-2',
      operation: 'createOrder',
      method: 'POST',
      url: 'http://127.0.0.1/api/v2/payments',
      transactionID: 'T2',
      timings: { ...status.timings, startedAt: '2026-11-24T10:00:03.000Z' },
    });
    const notification = {
      seq: 4,
      notificationId: 'n-1',
      transactionId: 'T1',
      paymentStatus: 'Success',
      duplicate: false,
      receivedAt: '2026-11-24T10:00:02.000Z',
    };
    // Listed by two steps (both were running when it arrived): drawn once.
    step.notifications.push(notification);
    source.scenarios[0]!.steps.push({ ...step, index: 1, exchanges: [], notifications: [notification] });
    const { text } = buildReport(source, 'html', redactReport);
    const svgs = text.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
    expect(svgs).toHaveLength(2);
    expect(text).toMatch(/<figcaption>Sequence diagram · <span class="mono">T1<\/span><\/figcaption>/);
    expect(text).toMatch(/<figcaption>Sequence diagram · <span class="mono">T2<\/span><\/figcaption>/);
    for (const svg of svgs) {
      expect(XMLValidator.validate(svg)).toBe(true);
      for (const participant of [
        'Shop&apos;s server',
        'Gateway',
        'Shopper (phone or bank app)',
        'Notification receiver',
      ])
        expect(svg).toContain(`>${participant}</text>`);
    }
    const [t1, t2] = svgs;
    expect(t1).toContain('10:00:00 Status query: GET /api/v2/payments/{id}/status');
    expect(t1).toContain('HTTP 200 · 000 · Pending');
    expect(t1!.match(/Notification \(encrypted\): Success/g)).toHaveLength(1);
    expect(t1).toContain('10:00:02 HTTP 200, acknowledged');
    expect(t2).toContain('10:00:03 Create order: POST /api/v2/payments');
    expect(t2).not.toContain('Notification (encrypted)');
    // Still self-contained: the diagrams add no reference to anything outside the file.
    expect(text).not.toMatch(/<script|<link|<img|src=|url\(|href="http/i);
  });

  it('JUnit XML parses back with its counts, names escaped, and the failure says expected vs actual', () => {
    const { text } = buildReport(run(), 'junit', redactReport);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);
    expect(parsed.testsuites).toMatchObject({ name: 'Run <with> "quotes" & ampersands', tests: '1', failures: '1' });
    const testcase = parsed.testsuites.testsuite.testcase;
    expect(testcase.name).toBe('Fails </testcase> on purpose');
    expect(testcase.time).toBe('1.234');
    expect(testcase.failure['#text']).toContain('paymentStatus: expected "Success", actual "Pending"');
  });

  it('the Markdown summary lists the failure for a ticket', () => {
    const { text } = buildReport(run(), 'markdown', redactReport);
    expect(text).toContain('Result: **FAILED** — 0 passed, 1 failed, 0 skipped (1 total)');
    expect(text).toContain('- paymentStatus: expected "Success", actual "Pending"');
  });

  it('a run on a production profile masks the shopper’s data in every format; a test profile’s run keeps it', () => {
    const withShopper = (environment: string): RunResult => {
      const source = run();
      source.profiles[0]!.environment = environment;
      source.scenarios[0]!.steps[0]!.exchanges[0]!.response!.bodyText = JSON.stringify({
        paymentStatus: 'Pending',
        customer: { customerInfo: { customerName: 'Ana Maria Silva', customerPhone: '+351912345678' } },
        token: { tokenType: 'MBWAY', value: '351#912345678' },
      });
      return source;
    };
    for (const format of ['html', 'json', 'junit', 'markdown'] as const) {
      const { text } = buildReport(withShopper('production'), format, redactReport);
      expect(text, format).not.toContain('912345');
      expect(text, format).not.toContain('Ana Maria');
    }
    const production = buildReport(withShopper('production'), 'html', redactReport).text;
    expect(production).toContain('A••• M••• S•••');
    expect(production).toContain('&quot;Success&quot;'); // checks stay as they were
    expect(buildReport(withShopper('test'), 'html', redactReport).text).toContain('351#912345678');
  });
  it('defect "the session report\'s Scenario column is about transactions": it is headed Transaction (Check for readiness)', () => {
    const session = { ...run(), subject: 'transaction' as const };
    expect(buildReport(session, 'markdown', redactReport).text).toContain('| Transaction | Result | Time |');
    expect(buildReport(session, 'html', redactReport).text).toContain('<th>Transaction</th><th>Result</th>');
    expect(buildReport({ ...run(), subject: 'check' }, 'markdown', redactReport).text).toContain('| Check | Result |');
    expect(buildReport(run(), 'markdown', redactReport).text).toContain('| Scenario | Result | Time |');
  });

  it('defect "response bodies are one long line": the HTML report lays JSON bodies out, still redacted', () => {
    const html = buildReport(run(), 'html', redactReport).text;
    expect(html).toMatch(/\{\n {2}&quot;transactionSignature&quot;: &quot;/);
    expect(html).not.toContain('sig-abcdefghijklmnop');
    expect(html).not.toContain('4000056655665556');
  });
});
