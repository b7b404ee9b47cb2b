/**
 * The shop under test's world, from the console's side (issue 29 §1): a shop written here calls its world
 * over real HTTP with the address and credentials main hands out; its calls land in main's record (with no
 * window open), masked, and the address and credentials are the same after a restart.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src-shared/contract/shop';
import type { RecordEntry } from '../../../src-shared/contract/record';
import type { ShopCall } from '../../../src-shared/shop/traffic';
import { RECORD_DIR, RECORD_FILE } from '../../../src-main/record/record-journal';
import { validOrderA } from '../../shared/gateway/fixtures';
import { startCore } from '../core/harness';

type Harness = Awaited<ReturnType<typeof startCore>>;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function start(userDataDir?: string): Promise<Harness> {
  const harness = await startCore(userDataDir ? { userDataDir } : {});
  // A folder this start made goes after its core closed (cleanups run last-in, first-out).
  if (!userDataDir) cleanups.push(() => harness.removeDir());
  cleanups.push(() => harness.close());
  return harness;
}

/** The shop's own HTTP client: what a merchant's backend sends, nothing of the console's SDK. */
async function shopCreates(
  connection: ShopConnection,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: { transactionID?: string; transactionSignature?: string } }> {
  const response = await fetch(`${connection.apiUrl}/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${connection.terminals[0]!.bearerToken}`,
      [connection.clientIdHeader]: connection.clientId,
      ...extraHeaders,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as { transactionID?: string; transactionSignature?: string },
  };
}

async function shopEntries(harness: Harness, count: number): Promise<Array<Extract<RecordEntry, { kind: 'shop' }>>> {
  for (let waited = 0; waited < 3_000; waited += 25) {
    const page = await harness.call('record.since', { after: 0 });
    const shop = (page.entries as RecordEntry[]).filter(
      (entry): entry is Extract<RecordEntry, { kind: 'shop' }> => entry.kind === 'shop',
    );
    if (shop.length >= count) return shop;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} shop entries reached the record`);
}

describe('the shop world', () => {
  it('a shop calling its world over HTTP lands in main’s record and record.since, masked: no token or client id in the record file', async () => {
    const harness = await start();
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    expect(connection.apiUrl).toBe(`${connection.baseUrl}/worlds/shop/api/${connection.version}`);
    expect(connection.capturing).toBe(true);
    const created = await shopCreates(connection, validOrderA());
    expect(created.status).toBe(200);

    const [entry] = await shopEntries(harness, 1);
    expect(entry!.shop.kind).toBe('call');
    const call = entry!.shop as ShopCall;
    expect(call.worldId).toBe('shop');
    expect(call.operation).toBe('createOrder');
    expect(call.transactionID).toBe(created.body.transactionID);
    expect(call.request.headers.authorization).toMatch(/^Bearer ••••.{4}$/);

    // Pushed live to every window as it is appended, and readable through shop.traffic.
    expect(
      harness.events.some(
        (event) => event.name === 'record.appended' && (event.payload as RecordEntry).kind === 'shop',
      ),
    ).toBe(true);
    const traffic = await harness.call('shop.traffic', { after: 0 });
    expect(traffic.entries.map((record: { seq: number }) => record.seq)).toEqual([entry!.seq]);

    const file = await readFile(join(harness.userDataDir, RECORD_DIR, RECORD_FILE), 'utf8');
    expect(created.body.transactionSignature).toBeTruthy();
    for (const secret of [
      connection.terminals[0]!.bearerToken,
      connection.clientId,
      connection.webhookSecret,
      created.body.transactionSignature!,
    ])
      expect(file).not.toContain(secret);
  });

  it('the shop world keeps its address and credentials across a restart, and still records with no window open', async () => {
    const first = await start();
    const before = (await first.call('shop.connection')) as ShopConnection;
    await first.call('shop.setWebhook', { url: 'https://shop.example.test/gateway/webhook' });
    await first.close();
    cleanups.pop();

    const second = await start(first.userDataDir);
    // No one asks for the connection first: main reopened the world and records on its own.
    const created = await shopCreates(before, validOrderA());
    expect(created.status).toBe(200);
    await shopEntries(second, 1);
    const after = (await second.call('shop.connection')) as ShopConnection;
    expect(after.apiUrl).toBe(before.apiUrl);
    expect(after.terminals).toEqual(before.terminals);
    expect(after.clientId).toBe(before.clientId);
    expect(after.webhookUrl).toBe('https://shop.example.test/gateway/webhook');
    expect(after.notice).toBeNull();
  });

  it('a webhook URL that is not http(s), or carries a password, is refused by main and the previous one is kept', async () => {
    const harness = await start();
    await harness.call('shop.setWebhook', { url: 'http://127.0.0.1:9/hook' });
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pass@shop.example.test/hook',
      'not a url',
    ]) {
      const refused = await harness.core.dispatch('shop.setWebhook', { url });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('invalid-input');
        expect(refused.error.text?.id).toBe('shopWebhookInvalid');
      }
    }
    expect((await harness.call('shop.connection')).webhookUrl).toBe('http://127.0.0.1:9/hook');
  });

  it('attacker: a shop sending markup, terminal escapes and __proto__ keys in headers and body gets them kept as data, with no prototype pollution', async () => {
    const harness = await start();
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    const hostile = '<img src=x onerror=alert(1)>\u001b]0;owned\u0007\u001b[31m';
    const body = `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"note":${JSON.stringify(hostile)}}`;
    await shopCreates(connection, body, { 'x-shop-note': '<script>alert(1)</script>', 'x-proto': '__proto__' });
    const [entry] = await shopEntries(harness, 1);
    const call = entry!.shop as ShopCall;
    expect(call.request.body).toContain('<img src=x onerror=alert(1)>');
    expect(call.request.body).toContain('"__proto__"');
    expect(call.request.headers['x-shop-note']).toBe('<script>alert(1)</script>');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(call.request.headers)).toBe(Object.prototype);
  });

  it('a QA session started on the shop world owns it: the shop’s calls become that session’s evidence, and a session on the Sandbox gets none', async () => {
    const harness = await start();
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    const evidence = async (sessionId: string) =>
      (await harness.call('qa.testSessionEntries', { sessionId })).entries as Array<{
        kind: string;
        exchange: { from?: string; operation: string } | null;
        shop?: { kind: string };
      }>;

    const other = await harness.call('qa.startTestSession', {
      name: 'My Sandbox',
      tester: 'QA',
      objective: '',
      profileId: 'sandbox-a',
    });
    await shopCreates(connection, validOrderA());
    await shopEntries(harness, 1);
    expect(await evidence(other.id)).toEqual([]);

    const owner = await harness.call('qa.startTestSession', {
      name: 'Shop certification',
      tester: 'QA',
      objective: 'Go-live',
      profileId: 'world-shop-a',
    });
    await shopCreates(connection, validOrderA());
    await shopEntries(harness, 2);
    await expect.poll(async () => (await evidence(owner.id)).length).toBe(1);
    const [entry] = await evidence(owner.id);
    expect(entry!.kind).toBe('exchange');
    expect(entry!.exchange).toMatchObject({ from: 'shop', operation: 'createOrder' });
    expect(entry!.shop?.kind).toBe('call');
  });

  it('the certification of a session that owns the shop world is exported from its evidence as HTML, JSON and JUnit; a seeded missing header fails its item', async () => {
    const harness = await start();
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    const session = await harness.call('qa.startTestSession', {
      name: 'Certify <b>shop</b>',
      tester: 'QA',
      objective: '',
      profileId: 'world-shop-a',
    });
    const order = validOrderA();
    order.merchant.merchantTransactionId = 'no-client-id-1';
    const response = await fetch(`${connection.apiUrl}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${connection.terminals[0]!.bearerToken}` },
      body: JSON.stringify(order),
    });
    await response.text();
    await expect
      .poll(async () => (await harness.call('qa.testSessionEntries', { sessionId: session.id })).entries.length)
      .toBe(1);

    const json = await harness.call('shop.certification', { sessionId: session.id, format: 'json' });
    expect(json.passed).toBe(false);
    const report = JSON.parse(json.text) as {
      source: unknown;
      items: Array<{ id: string; status: string }>;
    };
    expect(report.items.find((item) => item.id === 'request-headers')?.status).toBe('fail');
    // Every form says which source it certifies: the shop world.
    expect(report.source).toEqual({ via: 'world', worldId: 'shop' });
    expect(json.fileName).toBe(`shop-certification-${session.id.slice(0, 8)}.json`);
    const junit = await harness.call('shop.certification', { sessionId: session.id, format: 'junit' });
    expect(junit.text).toContain('<property name="source" value="simulator world &quot;shop&quot;"/>');
    expect(junit.text).toContain('<property name="source.via" value="world"/>');
    const html = await harness.call('shop.certification', { sessionId: session.id, format: 'html' });
    expect(html.mediaType).toBe('text/html');
    expect(html.text).toContain('Certifies the traffic of the <strong>simulator world &quot;shop&quot;</strong>');
    for (const text of [json.text, junit.text, html.text]) {
      expect(text).not.toContain(connection.terminals[0]!.bearerToken);
      expect(text).not.toContain(connection.clientId);
    }

    // A session on the user's Sandbox holds no shop traffic: main refuses rather than certify nothing.
    const other = await harness.call('qa.startTestSession', {
      name: 'Sandbox',
      tester: 'QA',
      objective: '',
      profileId: 'sandbox-a',
    });
    const refused = await harness.core.dispatch('shop.certification', { sessionId: other.id, format: 'html' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.text?.id).toBe('shopSessionNotOwner');
  });

  it('when another program took the shop’s port, the world starts elsewhere and main says the address changed (never silently)', async () => {
    const first = await start();
    const before = (await first.call('shop.connection')) as ShopConnection;
    await first.close();
    cleanups.pop();
    const port = Number(new URL(before.baseUrl).port);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

    const second = await start(first.userDataDir);
    const after = (await second.call('shop.connection')) as ShopConnection;
    expect(after.baseUrl).not.toBe(before.baseUrl);
    expect(after.notice).toMatchObject({ id: 'shopPortChanged', params: { port, url: after.baseUrl } });
  });

  it('calls the world captured before main started recording it (a shop calling while the console starts) still land in the record, once', async () => {
    const harness = await start();
    // The world exists and answers before main has subscribed to it, as during a start.
    harness.core.simulator!.worlds.create({ id: 'shop' });
    const early = await fetch(`${harness.core.simulator!.worlds.get('shop')!.apiUrl}/payments`, {
      method: 'POST',
      body: '{}',
    });
    await early.text();
    await harness.call('shop.connection');
    await harness.call('shop.connection');
    const traffic = await harness.call('shop.traffic', { after: 0 });
    expect(traffic.entries).toHaveLength(1);
    expect(traffic.entries[0].shop).toMatchObject({ kind: 'call', method: 'POST' });
    // The console reaches that world too: its profiles were made when main took it over.
    expect((await harness.call('profiles.get', { id: 'world-shop-a' })).environment).toBe('sandbox');
  });
});
