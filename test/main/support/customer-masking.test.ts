/**
 * Customer data is masked at the source (issue 25, section 4): on lookup-only and production profiles
 * main masks the customer's data in everything it hands out, and a reveal is one field of one transaction
 * main knows, logged before it is answered.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { statusCommand } from '../../../src-main/cli/status-command';
import { createConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { startFaultServer } from '../../support/fault-server';

const CUSTOMER = {
  customerName: 'Ana Maria Silva',
  customerEmail: 'ana.silva@example.pt',
  customerPhone: '+351912345678',
  billingAddress: { street1: 'Rua Augusta 10', postcode: '1100-053', city: 'Lisboa', country: 'PT' },
};
const PRIVATE_TEXT = [
  'Ana Maria',
  'Silva',
  'ana.silva',
  '912345678',
  '912345',
  'Rua Augusta',
  '1100-053',
  '203.0.113.77',
];
const expectMasked = (value: unknown, where: string) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const secret of PRIVATE_TEXT) expect(text, `${secret} in clear in ${where}`).not.toContain(secret);
};

/** A status answer from a gateway that echoes the customer in every shape seen in the wild. */
const hostileStatus = (transactionId: string) => ({
  returnStatus: {
    statusCode: '000',
    statusMsg: 'Success',
    statusDescription: JSON.stringify({ customerName: 'Ana Maria Silva' }),
  },
  paymentStatus: 'Pending',
  paymentMethod: 'MBWAY',
  transactionID: transactionId,
  merchant: { terminalId: '1000001', merchantTransactionId: 'desk-1' },
  customer: { customer_name: 'Ana Maria Silva', eMail: 'ana.silva@example.pt', phoneNumber: 351912345678 },
  customerinfo: [
    { key: 'customerName', value: 'Ana Maria Silva' },
    { key: 'billingAddress', value: 'Rua Augusta 10, 1100-053 Lisboa, PT' },
  ],
  billingAddress: 'Rua Augusta 10, 1100-053 Lisboa, PT',
  mobile: '912345678',
  info: { deviceInfo: { IP_Address: '203.0.113.77' } },
  statusDescription: JSON.stringify({
    echo: { customerEmail: 'ana.silva@example.pt', customerPhone: '+351912345678' },
  }),
});

let harness: Awaited<ReturnType<typeof startCore>>;
let gateway: Awaited<ReturnType<typeof startFaultServer>>;
let deskId: string;
let customerTransactionId: string;
const WEBHOOK_SECRET = Buffer.alloc(32, 0x5d).toString('base64');

beforeAll(async () => {
  harness = await startCore();
  gateway = await startFaultServer();
  const desk = await harness.call('profiles.save', {
    settings: {
      name: 'Support desk',
      environment: 'test',
      baseUrl: gateway.url,
      terminalId: '1000001',
      variant: 'A',
      lookupOnly: true,
    },
    secrets: { bearerToken: 'desk-token-0001', clientId: 'desk-client-0001', webhookSecret: WEBHOOK_SECRET },
  });
  deskId = desk.id;
  const created = await harness.call('orders.create', {
    profileId: 'sandbox-a',
    order: {
      ...orderA('shop-order-77'),
      customer: { customerInfo: CUSTOMER },
      info: { deviceInfo: { ipAddress: '203.0.113.77' } },
    },
  });
  customerTransactionId = created.exchange.transactionID;
});
afterAll(async () => {
  await gateway.close();
  await harness.close();
  await harness.removeDir();
});

describe('customer data is masked at the source', () => {
  it('customer data is masked at the source: a lookup-only status answer reaches the caller and the event feed masked, the gateway’s statusDescription too', async () => {
    gateway.next({ kind: 'answer', status: 200, body: hostileStatus('s2DESKLOOKUP00000001') });
    const before = harness.events.length;
    const status = await harness.call('payments.status', { profileId: deskId, transactionId: 's2DESKLOOKUP00000001' });
    expectMasked(status.response, 'the parsed answer');
    expectMasked(status.exchange.response.bodyText, 'the exchange body');
    const pushed = harness.events.slice(before).filter((event) => event.name === 'exchanges.recorded');
    expect(pushed).toHaveLength(1);
    expectMasked(pushed[0]!.payload, 'the exchanges.recorded event');
    // What is not customer data is still there to help the agent.
    expect(status.response).toMatchObject({ paymentStatus: 'Pending', transactionID: 's2DESKLOOKUP00000001' });
    expect(status.response.billingAddress).toBe('••••••, PT');
  });

  it('customer data is masked at the source: a production order’s request body is masked before it leaves main', async () => {
    const simulator = harness.core.simulator!;
    const live = await harness.call('profiles.save', {
      settings: {
        name: 'Live shop',
        environment: 'production',
        baseUrl: simulator.url,
        pathPrefix: simulator.basePath,
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: 'live-token-never-test-0001', clientId: 'live-client-never-test-01' },
      productionConfirmation: { profileName: 'Live shop' },
    });
    const order = { ...orderA('live-77'), customer: { customerInfo: CUSTOMER } };
    const result = await harness.call('orders.create', {
      profileId: live.id,
      order,
      confirmation: { profileName: 'Live shop', amount: order.transaction.amount.value },
    });
    expect(result.exchange.request.body).toContain('live-77');
    expectMasked(result.exchange.request.body, 'the production request body');
  });

  it('customer data is masked at the source: a notification for a lookup-only profile is masked in the event, the list and the decrypt tool', async () => {
    const plaintext = JSON.stringify({
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      transactionID: 's2DESKNOTIFIED000001',
      transactionDateTime: '2026-03-05T14:07:09Z',
      amount: { currency: 'EUR', value: '16.20' },
      merchant: { transactionId: 'desk-2', terminalId: '1000001' },
      paymentType: 'PURS',
      notificationID: '00000000-0000-4000-8000-00000000d001',
      token: { tokenType: 'MobilePhone', value: '351#912345678' },
      customerInfo: [{ key: 'customerEmail', value: 'ana.silva@example.pt' }],
    });
    const wire = encryptNotification({ secret: WEBHOOK_SECRET, plaintext });
    const { url } = await harness.call('notifications.receiverStatus');
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-initialization-vector': wire.iv,
        'x-authentication-tag': wire.tag,
      },
      body: wire.body,
    });
    expect(answer.status).toBe(200);
    const event = harness.events.find(
      (e) => e.name === 'notifications.received' && JSON.stringify(e.payload).includes('s2DESKNOTIFIED000001'),
    );
    expect(event).toBeDefined();
    expectMasked(event!.payload, 'the notifications.received event');
    const list = await harness.call('notifications.list', { after: 0, limit: 500 });
    const record = list.records.find((r: { profileId: string | null }) => r.profileId === deskId);
    expect(record.notification.paymentStatus).toBe('Success');
    expectMasked(record, 'notifications.list');
    const decrypted = await harness.call('notifications.decrypt', {
      secret: { profileId: deskId },
      iv: wire.iv,
      tag: wire.tag,
      body: wire.body,
    });
    expectMasked(decrypted, 'notifications.decrypt');
  });
});

describe('customer data is masked at the source: the CLI', () => {
  it('customer data is masked at the source: `status --json` with a lookup-only profile prints the answer masked', async () => {
    const credentials = new MemoryStore();
    const dir = join(harness.userDataDir, 'cli-user-data');
    const core = await createConsoleCore({ mode: 'browser', userDataDir: dir, credentials, simulator: false });
    await core.profiles.save({
      settings: {
        name: 'CLI desk',
        environment: 'test',
        baseUrl: gateway.url,
        pathPrefix: '/api',
        version: 'v2',
        terminalId: '1000001',
        variant: 'A',
        clientIdHeader: 'X-Platform-Client-Id',
        lookupOnly: true,
      },
      secrets: { bearerToken: 'cli-desk-token-01', clientId: 'cli-desk-client-01' },
    });
    await core.close();
    gateway.next({ kind: 'answer', status: 200, body: hostileStatus('s2CLILOOKUP000000001') });
    let stdout = '';
    const io: CliIo = {
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      readStdin: async () => Buffer.alloc(0),
      stdinIsTty: true,
    };
    const args = ['--profile', 'CLI desk', '--user-data-dir', dir, '--json', 's2CLILOOKUP000000001'];
    expect(await statusCommand.runWith(args, io, { credentials })).toBe(0);
    expect(stdout).toContain('s2CLILOOKUP000000001');
    expectMasked(stdout, 'the CLI output');
  });
});

describe('customer data is masked at the source: lookup-only QA reports', () => {
  it('customer data is masked at the source: a run on a lookup-only profile and its reports hold no customer data in clear', async () => {
    const added = await harness.call('qa.addScenario', {
      file: 'desk-lookup.yaml',
      text: [
        'format: gateway-console/scenario@1',
        'name: Desk looks a payment up',
        'variant: A',
        'steps:',
        '  - status: { transactionID: s2QALOOKUP0000000001 }',
        '    expect: { paymentStatus: Pending }',
        '',
      ].join('\n'),
    });
    expect(added.problems).toEqual([]);
    gateway.next({ kind: 'answer', status: 200, body: hostileStatus('s2QALOOKUP0000000001') });
    const { runId } = await harness.call('qa.run', { files: [added.added.file], profileA: deskId });
    await expect
      .poll(async () => (await harness.call('qa.result', { runId })).finishedAt, { timeout: 10_000 })
      .not.toBeNull();
    const run = await harness.call('qa.result', { runId });
    expect(run.counts.passed).toBe(1);
    expectMasked(run, 'the run result');
    for (const format of ['json', 'html', 'markdown', 'junit']) {
      const report = await harness.call('qa.report', { runId, format });
      expectMasked(report.text, `the ${format} report`);
    }
  });
});

describe('reveal: one field of one transaction main knows, logged before it is answered', () => {
  it('customer data is masked at the source: reveal answers the one field asked for, after main logged it', async () => {
    const revealed = await harness.call('support.reveal', {
      profileId: deskId,
      transactionId: customerTransactionId,
      field: 'email',
      reason: 'Ticket ZD-4411: which address got the receipt',
    });
    expect(revealed.value).toBe('ana.silva@example.pt');
    expect(JSON.stringify(revealed)).not.toContain('Ana Maria');
    expect(revealed.entry).toMatchObject({ profileId: deskId, profileName: 'Support desk', field: 'email' });
    const log = await harness.call('support.auditLog');
    expect(log.entries.at(-1)).toMatchObject({
      transactionId: customerTransactionId,
      field: 'email',
      reason: 'Ticket ZD-4411: which address got the receipt',
    });
    const address = await harness.call('support.reveal', {
      profileId: deskId,
      transactionId: customerTransactionId,
      field: 'billingAddress',
      reason: 'Ticket ZD-4412: invoice address check',
    });
    expect(address.value).toBe('Rua Augusta 10, 1100-053 Lisboa, PT');
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B\u200B\u200B\u200B'],
    ['zero-width joiners and word joiners', '\u200C\u200D\u2060\u200C\u200D\u2060'],
    ['byte-order marks around a space', '\uFEFF \u200B \uFEFF \u200B \uFEFF'],
    ['two letters padded with zero-width characters', 'ok\u200B\u200B\u200B\u200B'],
  ])(
    'customer data is masked at the source: a reveal reason of %s is refused and nothing is logged',
    async (_what, reason) => {
      const before = (await harness.call('support.auditLog')).entries.length;
      const refused = await harness.core.dispatch('support.reveal', {
        profileId: deskId,
        transactionId: customerTransactionId,
        field: 'name',
        reason,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(refused.ok ? '' : refused.error.message).toMatch(/visible|reason/i);
      expect((await harness.call('support.auditLog')).entries).toHaveLength(before);
    },
  );

  it('customer data is masked at the source: a reveal for a transaction the console does not know is refused and nothing is logged', async () => {
    const before = (await harness.call('support.auditLog')).entries.length;
    const refused = await harness.core.dispatch('support.reveal', {
      profileId: deskId,
      transactionId: 's2NEVERSEENBYCONSOLE',
      field: 'name',
      reason: 'Ticket ZD-9999: fishing for data',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown-transaction' } });
    const badId = await harness.core.dispatch('support.reveal', {
      profileId: deskId,
      transactionId: '../../etc/passwd',
      field: 'name',
      reason: 'Ticket ZD-9999: fishing for data',
    });
    expect(badId).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((await harness.call('support.auditLog')).entries).toHaveLength(before);
  });

  it('customer data is masked at the source: when the audit entry cannot be written, nothing is revealed', async () => {
    const other = await startCore();
    try {
      const created = await other.call('orders.create', {
        profileId: 'sandbox-a',
        order: { ...orderA(), customer: { customerInfo: CUSTOMER } },
      });
      // A folder where the log file should be: every append fails.
      await mkdir(join(other.userDataDir, 'support-audit.jsonl'));
      const result = await other.core.dispatch('support.reveal', {
        profileId: 'sandbox-a',
        transactionId: created.exchange.transactionID,
        field: 'name',
        reason: 'Ticket ZD-5000: name on the order',
      });
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain('Ana Maria');
    } finally {
      await other.close();
      await other.removeDir();
    }
  });

  it('customer data is masked at the source: the audit log file holds the reason, never the revealed value', async () => {
    const { path } = await harness.call('support.auditLog');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('Ticket ZD-4411');
    expectMasked(text, 'the audit log');
  });
});
