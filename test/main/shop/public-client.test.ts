/**
 * Issue 29 acceptance: one public client of the real gateway runs unmodified against a world and its calls
 * appear. The client is PySIBS (github.com/robertruben98/sibs-gateway-python, MIT), a Python SDK for the
 * real gateway; it is not part of this repository. It runs only when PUBLIC_CLIENT_DIR names a checkout
 * of it, with its runtime dependencies (httpx, pydantic, cryptography) importable by `python3` — see
 * docs/shop-testing.md, "A public client". The driver (test/fixtures/public-client/pysibs_shop.py) only
 * calls the library's public API, configured with the world's address and credentials.
 *
 * The certify option a real client needs (`--client-id-header`, the real gateway's header name) is tested
 * without Python, and always runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTraffic, runCertify, shopEnvironment } from '../../../src-main/cli/certify-command';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import { startSimulator } from '../../../src-main/simulator';
import { validOrderA } from '../../shared/gateway/fixtures';
import { freePort } from '../../support/free-port';
import { certify, type CertificationReport } from '../../../src-shared/shop/certification';
import { findShopProblems } from '../../../src-shared/shop/findings';
import type { ShopCall, ShopNotification } from '../../../src-shared/shop/traffic';

const CLIENT_DIR = process.env.PUBLIC_CLIENT_DIR;
const DRIVER = resolve(__dirname, '../../fixtures/public-client/pysibs_shop.py');
/** The real gateway's client-id header, as PySIBS (and every public sample of the gateway) sends it. */
const REAL_CLIENT_ID_HEADER = 'X-IBM-Client-Id';

const pythonPath = (dir: string) => [dir, process.env.PYTHONPATH].filter(Boolean).join(delimiter);

/** Why the PySIBS run cannot happen here, or null when it can. */
function clientMissing(): string | null {
  if (!CLIENT_DIR)
    return 'set PUBLIC_CLIENT_DIR to a checkout of github.com/robertruben98/sibs-gateway-python (docs/shop-testing.md)';
  const probe = spawnSync('python3', ['-c', 'import pysibs'], {
    env: { ...process.env, PYTHONPATH: pythonPath(CLIENT_DIR) },
    encoding: 'utf8',
  });
  if (probe.error) return `python3 cannot start: ${probe.error.message}`;
  // A named checkout that cannot be imported is a broken setup, not a skip: say so loudly.
  if (probe.status !== 0) throw new Error(`PUBLIC_CLIENT_DIR is set but "import pysibs" fails:\n${probe.stderr}`);
  return null;
}
const missing = clientMissing();

/** Runs the driver; resolves with its exit code and the JSON lines it printed. */
function runDriver(env: NodeJS.ProcessEnv, webhookPort: number) {
  return new Promise<{ code: number | null; steps: Array<Record<string, unknown>>; stderr: string }>((done) => {
    const child = spawn('python3', [DRIVER, String(webhookPort)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) =>
      done({
        code,
        stderr,
        steps: out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      }),
    );
  });
}

const isPysibs = (call: ShopCall) => (call.request.headers['user-agent'] ?? '').startsWith('pysibs/');

describe.skipIf(missing !== null)(
  `a public client of the real gateway (PySIBS) against a world${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    it('runs unmodified: its calls appear in the world’s traffic, and the findings judge them', async () => {
      const webhookPort = await freePort();
      const secret = generateWebhookSecret();
      const sim = await startSimulator({
        host: '127.0.0.1',
        autoWorlds: false,
        clientIdHeader: REAL_CLIENT_ID_HEADER,
        shopperDelaySeconds: 1,
        seed: 29,
        webhook: { url: `http://127.0.0.1:${webhookPort}/hook`, secret },
      });
      try {
        const world = sim.worlds.create({ id: 'pysibs' });
        const shopEnv = shopEnvironment(sim, world, 'A', secret);
        const order = validOrderA();
        // The order its follow-ups work on: PySIBS's own create is refused here (terminalId as a string),
        // so the checkout page creates it, as a shop whose front end makes the order would.
        const checkout = await fetch(`${shopEnv.GATEWAY_API_URL}/payments`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${shopEnv.GATEWAY_TOKEN}`,
            [REAL_CLIENT_ID_HEADER]: shopEnv.GATEWAY_CLIENT_ID,
          },
          body: JSON.stringify({
            ...order,
            merchant: { ...order.merchant, terminalId: Number(shopEnv.GATEWAY_TERMINAL_ID) },
          }),
        }).then((response) => response.json() as Promise<{ transactionID: string; transactionSignature: string }>);
        // Its create meets a 503: does the library send it again?
        const armed = await fetch(`${world.controlUrl}/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ call: { kind: 'status', status: 503, operation: 'createOrder' } }),
        });
        expect(armed.status).toBe(200);

        const run = await runDriver(
          {
            ...process.env,
            ...shopEnv,
            PYTHONPATH: pythonPath(CLIENT_DIR!),
            PYSIBS_ORDER_ID: checkout.transactionID,
            PYSIBS_ORDER_SIGNATURE: checkout.transactionSignature,
          },
          webhookPort,
        );
        expect(run.code, run.stderr).toBe(0);
        expect(run.steps.map((step) => step.step)).toEqual(['create', 'mbway', 'status', 'notifications']);
        expect(run.steps.find((step) => step.step === 'status')?.raw).toBe('Success');

        await world.control.settle();
        const entries = allTraffic(world);
        const calls = entries.filter((entry): entry is ShopCall => entry.kind === 'call').filter(isPysibs);
        const operations = calls.map((call) => call.operation);
        // create → 503, resent → 400; the MB WAY purchase (Digest); then status until the outcome.
        expect(operations.slice(0, 3)).toEqual(['createOrder', 'createOrder', 'mbwayPurchase']);
        expect(operations.slice(3).length).toBeGreaterThanOrEqual(1);
        expect(operations.slice(3).every((operation) => operation === 'getStatus')).toBe(true);
        expect(calls.map((call) => call.response?.status).slice(0, 3)).toEqual([503, 400, 200]);
        expect(calls.map((call) => call.request.authScheme).slice(0, 3)).toEqual(['Bearer', 'Bearer', 'Digest']);
        expect(calls[2]?.signature).toEqual({ matched: true, belongsTo: checkout.transactionID });
        expect(calls.every((call) => call.request.headers['x-ibm-client-id']?.startsWith('••••'))).toBe(true);
        expect(calls.map((call) => call.path)).toContain(
          `/api/v2/payments/${checkout.transactionID}/mbway-id/purchase`,
        );
        // Its webhook (decrypt_webhook + build_acknowledgement) acknowledged the outcome correctly.
        const notifications = entries.filter((entry): entry is ShopNotification => entry.kind === 'notification');
        expect(notifications.map((notification) => [notification.paymentStatus, notification.acknowledged])).toEqual([
          ['Success', true],
        ]);

        const findings = findShopProblems(entries, { clientIdHeader: sim.clientIdHeader, minPollIntervalMs: 1_000 });
        const errors = findings.filter((finding) => finding.severity === 'error');
        expect(new Set(errors.map((finding) => finding.code))).toEqual(new Set(['body-rule', 'create-resent']));
        expect(errors.find((finding) => finding.code === 'body-rule')?.message).toContain(
          'merchant.terminalId must be a JSON number',
        );
        expect(findings.filter((finding) => finding.severity === 'warning').map((finding) => finding.code)).toEqual([
          'webhook-not-https',
        ]);
        const report = certify(entries, findings);
        const failed = report.items.filter((item) => item.status === 'fail').map((item) => item.id);
        expect(failed.sort()).toEqual(['no-resend-after-unknown', 'request-bodies']);
        for (const id of ['ack-shape', 'polling-discipline', 'request-headers'])
          expect(report.items.find((item) => item.id === id)?.status).toBe('pass');
        // What a reader of the test log learns about the client.
        console.info(
          `PySIBS: ${calls.length} calls (${operations.join(', ')}); findings: ${findings
            .map((finding) => `${finding.severity} ${finding.code}: ${finding.message}`)
            .join(' | ')}`,
        );
      } finally {
        await sim.close();
      }
    }, 60_000);

    it('runs under `gateway-console certify --client-id-header X-IBM-Client-Id`: the report judges its calls', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pysibs-certify-'));
      try {
        const report = join(dir, 'pysibs.json');
        const io: CliIo = {
          stdout: () => {},
          stderr: () => {},
          readStdin: async () => Buffer.alloc(0),
          stdinIsTty: false,
        };
        const previous = process.env.PYTHONPATH;
        process.env.PYTHONPATH = pythonPath(CLIENT_DIR!);
        let code: number;
        try {
          const args = ['--report', report, '--client-id-header', REAL_CLIENT_ID_HEADER, '--seed', '29'];
          code = await runCertify([...args, '--', 'python3', DRIVER, String(await freePort())], io);
        } finally {
          if (previous === undefined) delete process.env.PYTHONPATH;
          else process.env.PYTHONPATH = previous;
        }
        expect(code).toBe(1);
        const json = JSON.parse(await readFile(report, 'utf8')) as CertificationReport;
        expect(json.entries).toBe(1);
        expect(json.findings.map((finding) => finding.code)).toEqual(['body-rule']);
        expect(json.items.filter((item) => item.status === 'fail').map((item) => item.id)).toEqual(['request-bodies']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

describe('certify --client-id-header', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'certify-header-'));
    // A shop written against the real gateway: the header name is fixed in its code, not read from GATEWAY_*.
    await writeFile(
      join(dir, 'shop.mjs'),
      `const env = process.env;
const response = await fetch(env.GATEWAY_API_URL + '/payments/nope/status', {
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + env.GATEWAY_TOKEN, '${REAL_CLIENT_ID_HEADER}': env.GATEWAY_CLIENT_ID },
});
if (env.GATEWAY_CLIENT_ID_HEADER !== '${REAL_CLIENT_ID_HEADER}') throw new Error('handed ' + env.GATEWAY_CLIENT_ID_HEADER);
if (response.status !== 404) throw new Error('status ' + response.status);
`,
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const io = (err: string[]): CliIo => ({
    stdout: () => {},
    stderr: (text) => err.push(text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: false,
  });

  it('gives the world the real gateway’s header name: a shop sending it is not missing a header', async () => {
    const err: string[] = [];
    const report = join(dir, 'report.json');
    const args = ['--report', report, '--client-id-header', REAL_CLIENT_ID_HEADER];
    const code = await runCertify([...args, '--', process.execPath, join(dir, 'shop.mjs')], io(err));
    expect(code, err.join('')).toBe(0);
    const json = JSON.parse(await readFile(report, 'utf8')) as CertificationReport;
    expect(json.entries).toBe(1);
    expect(json.findings).toEqual([]);
  }, 30_000);

  it('refuses a name that is not an HTTP header name (exit 2)', async () => {
    const err: string[] = [];
    const args = ['--report', join(dir, 'r.json'), '--client-id-header', 'X Client', '--', 'true'];
    expect(await runCertify(args, io(err))).toBe(2);
    expect(err.join('')).toContain('--client-id-header "X Client" is not a valid HTTP header name.');
  });
});
