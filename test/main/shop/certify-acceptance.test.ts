/**
 * Acceptance of issue 29 (shop testing): a small shop — a real fetch client and a node:http webhook
 * receiver, in its own process — runs through `gateway-console certify`. Its seeded mistakes (resends a
 * create after a 503, polls every 50 ms, acknowledges with the wrong body, omits a header) are each a
 * finding and fail exactly their checklist items; the same shop without mistakes gets a clean report.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCertify } from '../../../src-main/cli/certify-command';
import type { CliIo } from '../../../src-main/cli/cli-io';
import type { CertificationReport } from '../../../src-shared/shop/certification';
import { freePort } from '../../support/free-port';

/** The shop: what a merchant's own integration test would do, driving outcomes through the control API. */
const SHOP = String.raw`
import { createServer } from 'node:http';
import { createDecipheriv } from 'node:crypto';
const env = process.env;
const [port, mistakesText] = process.argv.slice(2);
const mistakes = new Set(JSON.parse(mistakesText));
const key = Buffer.from(env.GATEWAY_WEBHOOK_SECRET, 'base64');
const received = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(req.headers['x-initialization-vector'], 'base64'));
    decipher.setAuthTag(Buffer.from(req.headers['x-authentication-tag'], 'base64'));
    const json = JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8'));
    received.push(json);
    const ack = mistakes.has('wrong-ack')
      ? { status: 'ok', id: json.notificationID }
      : { statusCode: '200', statusMsg: 'Success', notificationID: json.notificationID };
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(ack));
  });
});
await new Promise((resolve) => receiver.listen(Number(port), '127.0.0.1', resolve));

const api = env.GATEWAY_API_URL;
const headers = (authorization, omitClientId = false) => ({
  'Content-Type': 'application/json',
  Authorization: authorization,
  ...(omitClientId ? {} : { [env.GATEWAY_CLIENT_ID_HEADER]: env.GATEWAY_CLIENT_ID }),
});
const bearer = 'Bearer ' + env.GATEWAY_TOKEN;
const control = (path, body) =>
  fetch(env.GATEWAY_CONTROL_URL + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const order = (id) => ({
  merchant: { terminalId: Number(env.GATEWAY_TERMINAL_ID), channel: 'web', merchantTransactionId: id },
  transaction: {
    transactionTimestamp: new Date().toISOString(), description: 'Shop order', moto: false, paymentType: 'PURS',
    paymentMethod: ['REFERENCE', 'CARD', 'MBWAY'], amount: { value: 12.5, currency: 'EUR' },
  },
  customer: { customerInfo: { customerName: 'Ana Silva', customerEmail: 'ana@example.com', customerPhone: '+351912345678' } },
});
const create = async (id) => {
  const response = await fetch(api + '/payments', { method: 'POST', headers: headers(bearer), body: JSON.stringify(order(id)) });
  return { status: response.status, body: await response.json() };
};
const status = (id, omitClientId = false) =>
  fetch(api + '/payments/' + id + '/status', { headers: headers(bearer, omitClientId) }).then((r) => r.json());
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// 1. The gateway is unavailable for the first create: the outcome is unknown.
await control('/faults', { nextCall: 503 });
// A hostile order id: terminal escapes (clear the screen, retitle the window) in the shop's own value.
const firstId = mistakes.has('hostile-id') ? 'shop-\u001b[2J\u001b]0;owned\u0007' : 'shop-1';
const first = await create(firstId);
if (first.status !== 503) throw new Error('expected the armed 503, got ' + first.status);
// A careful shop never resends that create; a careless one does.
const declined = await create(mistakes.has('resend-create') ? firstId : 'shop-2');
const id1 = declined.body.transactionID;
// 2. The shopper declines: the notification arrives, and the shop checks the status.
await control('/transactions/' + id1 + '/complete', { paymentStatus: 'Declined' });
if (mistakes.has('fast-poll')) for (let i = 0; i < 4; i++) { await status(id1); await sleep(50); }
else await status(id1);
// 3. An MB WAY payment times out, and its notification is delivered twice.
const timed = await create('shop-3');
const id2 = timed.body.transactionID;
await fetch(api + '/payments/' + id2 + '/mbway-id/purchase', {
  method: 'POST', headers: headers('Digest ' + timed.body.transactionSignature), body: JSON.stringify({ customerPhone: '351#912345678' }),
});
await control('/faults', { transactionId: id2, delivery: 'duplicate' });
await control('/transactions/' + id2 + '/complete', { paymentStatus: 'Timeout' });
await status(id2, mistakes.has('omit-header'));
if (received.length < 3) throw new Error('expected 3 notifications, got ' + received.length);
receiver.close();
`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'certify-'));
  await writeFile(join(dir, 'shop.mjs'), SHOP);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runShop(mistakes: string[], reportName: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: false,
  };
  const port = await freePort();
  const report = join(dir, reportName);
  const code = await runCertify(
    [
      '--report',
      report,
      '--seed',
      '7',
      '--webhook',
      `http://127.0.0.1:${port}/hook`,
      '--',
      process.execPath,
      join(dir, 'shop.mjs'),
      String(port),
      JSON.stringify(mistakes),
    ],
    io,
  );
  return { code, stdout: out.join(''), stderr: err.join(''), report: await readFile(report, 'utf8').catch(() => '') };
}

describe('gateway-console certify (acceptance)', () => {
  it('a shop with seeded mistakes: each mistake is a finding, exactly those items fail, exit 1 with them on stderr', async () => {
    const run = await runShop(['resend-create', 'fast-poll', 'wrong-ack', 'omit-header'], 'mistakes.json');
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.report) as CertificationReport;
    const codes = report.findings.filter((finding) => finding.severity === 'error').map((finding) => finding.code);
    expect(new Set(codes)).toEqual(
      new Set(['create-resent', 'status-polled-too-fast', 'ack-wrong-shape', 'missing-header']),
    );
    expect(
      report.items
        .filter((item) => item.status === 'fail')
        .map((item) => item.id)
        .sort(),
    ).toEqual(['ack-shape', 'no-resend-after-unknown', 'polling-discipline', 'request-headers']);
    expect(run.stderr).toContain('FAILED Does not resend a create');
    expect(run.stderr).toContain('FAILED Polling discipline');
    expect(run.stderr).toContain('FAILED Acknowledgement shape and time');
    expect(run.stderr).toContain('FAILED Headers and authentication');
    // The credentials handed to the shop never reach the report.
    expect(run.report).not.toMatch(/"Bearer [^•]/);
  }, 30_000);

  it('the same shop without mistakes gets a clean report and exit 0', async () => {
    const run = await runShop([], 'clean.xml');
    expect(run.code, run.stderr).toBe(0);
    expect(run.report).toContain('<testsuite name="Shop certification"');
    expect(run.report).toContain('failures="0"');
    expect(run.stdout).toMatch(/certify: \d+ passed, 0 failed/);
    for (const item of [
      'Handles a Declined payment',
      'Handles a Timeout',
      'Acknowledges duplicate notifications correctly',
      'Polling discipline',
    ])
      expect(run.report).toMatch(new RegExp(`name="${item}" time="0"></testcase>`));
  }, 30_000);

  it('a hostile shop’s values reach stderr terminal-safe: no escape sequence from its order id', async () => {
    const run = await runShop(['resend-create', 'hostile-id'], 'hostile.html');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('FAILED Does not resend a create');
    expect(run.stderr).toContain('\\x1b[2J');
    // eslint-disable-next-line no-control-regex -- the point: no raw control character reaches the terminal
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.report).not.toMatch(/<script/i);
  }, 30_000);

  it('refuses a report whose format it cannot tell, and a missing command, with a specific message (exit 2)', async () => {
    const err: string[] = [];
    const io: CliIo = {
      stdout: () => {},
      stderr: (text) => err.push(text),
      readStdin: async () => Buffer.alloc(0),
      stdinIsTty: false,
    };
    expect(await runCertify(['--report', join(dir, 'r.txt'), '--', 'true'], io)).toBe(2);
    expect(err.join('')).toContain('cannot tell the report format');
    expect(await runCertify(['--report', join(dir, 'r.json')], io)).toBe(2);
    expect(err.join('')).toContain('give the shop test command after "--"');
  });
});
