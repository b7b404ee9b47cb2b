/**
 * The recording proxy end to end through main's contract (issue 29 §4): a second simulator stands in for
 * the gateway's test environment, a test profile points at it, and a shop (a real HTTP client with the test
 * environment's own credentials) points at the proxy instead. What it forwards enters main's record too
 * (History, the Traffic view), masked as the session captured it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findShopProblems } from '@shared/shop/findings';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { startCore } from '../core/harness';
import { validOrderA } from '../../shared/gateway/fixtures';
import type { RecordEntry } from '@shared/contract/record';
import { exchangeOfShopCall } from '@shared/shop/shop-exchange';
import type { ShopCall } from '@shared/shop/traffic';
import type { ShopConnection } from '@shared/contract/shop';
import { RECORD_DIR, RECORD_FILE } from '../../../src-main/record/record-journal';

let testEnv: RunningSimulator;
let harness: Awaited<ReturnType<typeof startCore>>;
let testProfileId: string;

const terminalA = () => testEnv.terminals.find((terminal) => terminal.variant === 'A')!;
const shopHeaders = () => ({
  'content-type': 'application/json',
  authorization: `Bearer ${terminalA().token}`,
  [testEnv.clientIdHeader]: testEnv.clientId,
});
const order = (merchantTransactionId: string) => {
  const body = validOrderA();
  body.merchant = { ...body.merchant, terminalId: Number(terminalA().terminalId), merchantTransactionId };
  return body;
};

beforeAll(async () => {
  testEnv = await startSimulator({ seed: 11 });
  harness = await startCore();
  const profile = await harness.call('profiles.save', {
    settings: {
      name: 'Shop test env',
      environment: 'test',
      baseUrl: testEnv.url,
      pathPrefix: testEnv.basePath,
      version: testEnv.version,
      terminalId: terminalA().terminalId,
      variant: 'A',
      clientIdHeader: testEnv.clientIdHeader,
    },
    // The test environment's credentials, as the tester saved them: canaries for what enters the record.
    secrets: { bearerToken: terminalA().token, clientId: testEnv.clientId },
  });
  testProfileId = profile.id;
});
/** The proxied entries of one proxy session in main's record, once `count` of them are there. */
async function proxiedInRecord(
  sessionId: string,
  count: number,
): Promise<Array<Extract<RecordEntry, { kind: 'shop' }>>> {
  for (let waited = 0; waited < 3_000; waited += 25) {
    const page = await harness.call('record.since', { after: 0 });
    const shop = (page.entries as RecordEntry[]).filter(
      (entry): entry is Extract<RecordEntry, { kind: 'shop' }> =>
        entry.kind === 'shop' && entry.shop.via === 'proxy' && entry.shop.worldId === sessionId,
    );
    if (shop.length >= count) return shop;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} proxied entries reached the record`);
}
const proxyHeaders = (authorization: string) => ({ ...shopHeaders(), authorization });

afterAll(async () => {
  await harness.close();
  await harness.removeDir();
  await testEnv.close();
});

describe('recording proxy: forwards to the test environment and records (issue 29 §4)', () => {
  it('the shop’s calls reach the test environment through the proxy, answered as received, and are recorded via proxy', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    try {
      expect(session).toMatchObject({ profileName: 'Shop test env', environment: 'test', calls: 0 });
      expect(session.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
      const created = await fetch(`${session.apiUrl}/payments`, {
        method: 'POST',
        headers: shopHeaders(),
        body: JSON.stringify(order('proxy-1')),
      });
      expect(created.status).toBe(200);
      const answer = (await created.json()) as { transactionID: string; transactionSignature: string };
      // The test environment itself knows the order: the call went there.
      expect(testEnv.control.transaction(answer.transactionID)).toBeTruthy();
      const status = await fetch(`${session.apiUrl}/payments/${answer.transactionID}/status`, {
        headers: shopHeaders(),
      });
      expect(status.status).toBe(200);

      const page = await harness.call('shopProxy.traffic', {});
      expect(page.entries.map((entry: { operation: string }) => entry.operation)).toEqual(['createOrder', 'getStatus']);
      expect(page.entries[0]).toMatchObject({
        kind: 'call',
        via: 'proxy',
        worldId: session.id,
        transactionID: answer.transactionID,
        merchantTransactionId: 'proxy-1',
        statusCode: '000',
        request: { authScheme: 'Bearer' },
        response: { status: 200, fault: null },
      });
      expect((await harness.call('shopProxy.status')).session.calls).toBe(2);
      // Pushed live as recorded (the Traffic view's feed), masked the same way.
      const pushed = harness.events
        .filter((pushedEvent) => pushedEvent.name === 'shopProxy.recorded')
        .map((pushedEvent) => pushedEvent.payload as { worldId: string; seq: number });
      expect(pushed.filter((entry) => entry.worldId === session.id).map((entry) => entry.seq)).toEqual([1, 2]);
      for (const secret of [terminalA().token, testEnv.clientId, answer.transactionSignature])
        expect(JSON.stringify(pushed)).not.toContain(secret);

      // Masked at capture: neither the shop's token and client id nor the transaction's signature is kept.
      const recorded = JSON.stringify(page);
      for (const secret of [terminalA().token, testEnv.clientId, answer.transactionSignature])
        expect(recorded).not.toContain(secret);
    } finally {
      await harness.call('shopProxy.stop');
    }
    expect((await harness.call('shopProxy.status')).session).toBeNull();
  });

  it('a hostile shop echoing its own token and client id in the path and body leaves neither in the record', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    try {
      const body = order('echo-1') as ReturnType<typeof order> & { transaction: { description: string } };
      body.transaction.description = `token ${terminalA().token} client ${testEnv.clientId}`;
      await fetch(`${session.apiUrl}/payments?t=${encodeURIComponent(terminalA().token)}&c=${testEnv.clientId}`, {
        method: 'POST',
        headers: shopHeaders(),
        body: JSON.stringify(body),
      });
      const recorded = JSON.stringify(await harness.call('shopProxy.traffic', {}));
      expect(recorded).toContain('echo-1');
      expect(recorded).not.toContain(terminalA().token);
      expect(recorded).not.toContain(testEnv.clientId);
    } finally {
      await harness.call('shopProxy.stop');
    }
  });

  it('proxied calls land in main’s record and the Traffic view’s list marked “through the proxy”, masked: no token, client id, signature or card number', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    const token = terminalA().token;
    const card = '4111111111111111';
    try {
      const created = await fetch(`${session.apiUrl}/payments`, {
        method: 'POST',
        headers: proxyHeaders(`Bearer ${token}`),
        body: JSON.stringify(validOrderA()),
      });
      expect(created.status).toBe(200);
      const { transactionID, transactionSignature } = (await created.json()) as {
        transactionID: string;
        transactionSignature: string;
      };
      // A follow-up signed with Digest whose body echoes the bearer token (which no capture rule of a
      // Digest call looks for), the signature and a card number.
      await fetch(`${session.apiUrl}/payments/${transactionID}/mbway-id/purchase`, {
        method: 'POST',
        headers: proxyHeaders(`Digest ${transactionSignature}`),
        body: JSON.stringify({ customerPhone: '351#912345678', note: `echo ${token} ${transactionSignature} ${card}` }),
      });

      const entries = await proxiedInRecord(session.id, 2);
      expect(entries.map((entry) => (entry.shop as ShopCall).operation)).toEqual(['createOrder', 'mbwayPurchase']);
      expect(entries[0]!.shop).toMatchObject({ worldId: session.id, via: 'proxy', transactionID });
      // In the Traffic view's list, and in History as an exchange marked as having gone through the proxy.
      const traffic = await harness.call('shop.traffic', { after: 0 });
      expect(
        traffic.entries
          .filter((record: { shop: { worldId: string } }) => record.shop.worldId === session.id)
          .map((record: { seq: number }) => record.seq),
      ).toEqual(entries.map((entry) => entry.seq));
      expect(exchangeOfShopCall(entries[0]!.seq, entries[0]!.shop as ShopCall)).toMatchObject({
        from: 'shop',
        shopSource: { worldId: session.id, via: 'proxy' },
      });

      const file = await readFile(join(harness.userDataDir, RECORD_DIR, RECORD_FILE), 'utf8');
      for (const secret of [token, testEnv.clientId, transactionSignature, card]) expect(file).not.toContain(secret);

      // The proxy session's own log, findings and scenario export still work.
      expect((await harness.call('shopProxy.traffic', {})).entries).toHaveLength(2);
      expect((await harness.call('shopProxy.status')).session).toMatchObject({ calls: 2 });
      const saved = await harness.call('shopProxy.saveScenario', { file: 'proxied.yaml', name: 'Proxied' });
      expect(saved.steps).toBeGreaterThan(0);
    } finally {
      await harness.call('shopProxy.stop');
    }
  });

  it('the Traffic view’s export certifies one source: the world’s missing header fails only the world’s report, the proxy’s names the proxy session', async () => {
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    // On the shop world, the shop forgets its client-id header.
    const onWorld = await fetch(`${connection.apiUrl}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${connection.terminals[0]!.bearerToken}` },
      body: JSON.stringify(validOrderA()),
    });
    await onWorld.text();
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    try {
      // Through the proxy, the same shop sends every header.
      const proxied = await fetch(`${session.apiUrl}/payments`, {
        method: 'POST',
        headers: shopHeaders(),
        body: JSON.stringify(order('export-1')),
      });
      expect(proxied.status).toBe(200);
      await proxiedInRecord(session.id, 1);
      const certified = async (source: { via: 'world' | 'proxy'; worldId: string }) => {
        const file = await harness.call('shop.trafficCertification', { source, format: 'json' });
        const report = JSON.parse(file.text) as {
          source: unknown;
          entries: number;
          items: Array<{ id: string; status: string }>;
        };
        return { file, report, headers: report.items.find((item) => item.id === 'request-headers')!.status };
      };
      const world = await certified({ via: 'world', worldId: connection.worldId });
      const proxy = await certified({ via: 'proxy', worldId: session.id });
      expect(world.headers).toBe('fail');
      expect(proxy.headers).toBe('pass');
      expect(world.report.source).toEqual({ via: 'world', worldId: connection.worldId });
      expect(proxy.report.source).toEqual({ via: 'proxy', worldId: session.id });
      expect(proxy.report.entries).toBe(1);
      expect(proxy.file.passed).toBe(true);
      expect(proxy.file.fileName).toMatch(/^shop-certification-proxy-[A-Za-z0-9_-]+\.json$/);
      const html = await harness.call('shop.trafficCertification', {
        source: { via: 'proxy', worldId: session.id },
        format: 'html',
      });
      expect(html.text).toContain(`recording proxy session &quot;${session.id}&quot;`);
      for (const file of [world.file, proxy.file, html])
        for (const secret of [terminalA().token, testEnv.clientId, connection.clientId])
          expect(file.text).not.toContain(secret);
    } finally {
      await harness.call('shopProxy.stop');
    }
  });

  it('a Sandbox profile is refused: its worlds record a shop themselves', async () => {
    const result = await harness.core.dispatch('shopProxy.start', { profileId: 'sandbox-a' });
    expect(result).toMatchObject({ ok: false, error: { code: 'proxy-sandbox-profile' } });
  });

  it('a production profile needs its name typed (the production guard); without it nothing listens', async () => {
    const production = await harness.call('profiles.save', {
      settings: {
        name: 'Live shop',
        environment: 'production',
        baseUrl: testEnv.url,
        pathPrefix: testEnv.basePath,
        version: testEnv.version,
        terminalId: terminalA().terminalId,
        variant: 'A',
      },
      productionConfirmation: { profileName: 'Live shop' },
    });
    const refused = await harness.core.dispatch('shopProxy.start', { profileId: production.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'confirmation-required' } });
    const mistyped = await harness.core.dispatch('shopProxy.start', {
      profileId: production.id,
      productionConfirmation: { profileName: 'Shop test env' },
    });
    expect(mistyped).toMatchObject({ ok: false, error: { code: 'confirmation-mismatch' } });
    expect((await harness.call('shopProxy.status')).session).toBeNull();
    const { session } = await harness.call('shopProxy.start', {
      profileId: production.id,
      productionConfirmation: { profileName: 'Live shop' },
    });
    expect(session.environment).toBe('production');
    await harness.call('shopProxy.stop');
  });

  it('the proxy stops when its test profile is moved to production: it never forwards on the old say-so', async () => {
    const moved = await harness.call('profiles.save', {
      settings: {
        name: 'Soon production',
        environment: 'test',
        baseUrl: testEnv.url,
        terminalId: terminalA().terminalId,
        variant: 'A',
        clientIdHeader: testEnv.clientIdHeader,
      },
    });
    const { session } = await harness.call('shopProxy.start', { profileId: moved.id });
    await harness.call('profiles.save', {
      id: moved.id,
      settings: { ...moved, environment: 'production' },
      productionConfirmation: { profileName: 'Soon production' },
    });
    await expect.poll(async () => (await harness.call('shopProxy.status')).session).toBeNull();
    await expect(fetch(`${session.apiUrl}/payments/x/status`, { headers: shopHeaders() })).rejects.toThrow();
  });

  it('a recorded session saved as a scenario runs on the Sandbox and passes', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    try {
      const created = await fetch(`${session.apiUrl}/payments`, {
        method: 'POST',
        headers: shopHeaders(),
        body: JSON.stringify(order('proxy-replay')),
      });
      const { transactionID, transactionSignature } = (await created.json()) as {
        transactionID: string;
        transactionSignature: string;
      };
      await fetch(`${session.apiUrl}/payments/${transactionID}/status`, { headers: shopHeaders() });
      const reference = await fetch(`${session.apiUrl}/payments/${transactionID}/service-reference/generate`, {
        method: 'POST',
        headers: { ...shopHeaders(), authorization: `Digest ${transactionSignature}` },
        body: '{}',
      });
      expect(reference.status).toBe(200);
    } finally {
      await harness.call('shopProxy.stop');
    }
    // The recording stays readable once the proxy stopped: it is saved from there.
    const saved = await harness.call('shopProxy.saveScenario', { file: 'replay.yaml', name: 'Replay of the shop' });
    expect(saved).toMatchObject({ file: 'recorded/replay.yaml', steps: 3, skipped: [] });
    const { runId } = await harness.call('qa.run', { files: ['recorded/replay.yaml'] });
    await expect
      .poll(async () => (await harness.call('qa.result', { runId })).finishedAt, { timeout: 15_000 })
      .toBeTruthy();
    const run = await harness.call('qa.result', { runId });
    expect(run.counts).toMatchObject({ failed: 0 });
    expect(run.scenarios[0].steps.map((step: { kind: string; outcome: string }) => step.kind)).toEqual([
      'create',
      'status',
      'reference',
    ]);
  });
});

describe('recording proxy: the same findings as on a world (issue 29 §4)', () => {
  /** A shop with a seeded mistake: it resends the create after a 503 (a duplicate-payment risk). */
  async function resendingShop(apiUrl: string, armed: () => void): Promise<void> {
    armed();
    const body = JSON.stringify(order('resent-1'));
    const first = await fetch(`${apiUrl}/payments`, { method: 'POST', headers: shopHeaders(), body });
    expect(first.status).toBe(503);
    const again = await fetch(`${apiUrl}/payments`, { method: 'POST', headers: shopHeaders(), body });
    expect(again.status).toBe(200);
  }

  it('a create resent after a 503 armed on the test environment is a create-resent finding, as on a world', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    try {
      await resendingShop(session.apiUrl, () => testEnv.faults.armNextCall(503));
      expect((await harness.call('shopProxy.status')).session.findings).toBeGreaterThan(0);
    } finally {
      await harness.call('shopProxy.stop');
    }
    const viaProxy = findShopProblems((await harness.call('shopProxy.traffic', {})).entries, {
      clientIdHeader: testEnv.clientIdHeader,
    });
    expect(viaProxy.find((finding) => finding.code === 'create-resent')).toMatchObject({ seqs: [1, 2] });

    // The same shop pointed straight at a world of that simulator: the same judgement.
    const world = testEnv.worlds.create({ id: 'same-shop' });
    await resendingShop(world.apiUrl, () => world.faults.armNextCall(503));
    const onWorld = findShopProblems(world.traffic.since(0).entries, { clientIdHeader: testEnv.clientIdHeader });
    const codes = (findings: typeof onWorld) => findings.map((finding) => [finding.code, finding.seqs]);
    expect(codes(viaProxy)).toEqual(codes(onWorld));
  });
});

describe('recording proxy: saving a recording never loses a stored file (issue 29 §4)', () => {
  it('a name that leaves the folder is refused; an existing file is replaced only on purpose', async () => {
    // The last recording (previous tests) is still there to save.
    const outside = await harness.core.dispatch('shopProxy.saveScenario', { file: '../../escape.yaml', name: 'x' });
    expect(outside).toMatchObject({ ok: false, error: { code: 'invalid-input', details: { reason: 'bad-name' } } });
    await harness.call('shopProxy.saveScenario', { file: 'keep.yaml', name: 'First' });
    const again = await harness.core.dispatch('shopProxy.saveScenario', { file: 'keep.yaml', name: 'Second' });
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid-input', details: { reason: 'name-taken' } } });
    const { scenarios } = await harness.call('qa.scenarios');
    expect(scenarios.find((item: { file: string }) => item.file === 'recorded/keep.yaml')?.name).toBe('First');
    await harness.call('shopProxy.saveScenario', { file: 'keep.yaml', name: 'Second', replace: true });
    await expect
      .poll(
        async () =>
          (await harness.call('qa.scenarios')).scenarios.find(
            (item: { file: string }) => item.file === 'recorded/keep.yaml',
          )?.name,
      )
      .toBe('Second');
  });
});
