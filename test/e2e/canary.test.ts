/**
 * Secret canary. Browser mode runs with sentinel credentials — a non-sandbox "test" profile whose bearer
 * token, client id and webhook secret are recognisable strings, pointed at a second simulator started
 * with exactly those credentials — next to the Sandbox. Every flow reachable is driven (orders,
 * follow-ups, status, notification delivery, replay, history exports, the CLI's --json output), then
 * every place data ends up is searched: the DOM of each screen, every IndexedDB store, web storage, the
 * exported JSON/CSV/HAR, the host's log lines, the push events (as sent on the SSE wire), CLI output.
 * A card number travels the same way (an order's extendedInfo, a card action's params, and a notification
 * carrying a PAN and CVV in known fields, unknown fields and free text): at most its first 6 + last 4 may
 * show anywhere, and its CVV nowhere. Every file in the user-data folder (the notifications journal,
 * profiles, logs, the signatures file) is searched too.
 *
 * Driven through the UI: profile choice, order creation (order builder), MB WAY request and polling
 * (follow-ups panel), history exports (Export and import), notification screens. Driven with calls to the
 * host API from inside the page (the same fetch the renderer's api/ makes): the card order (extendedInfo
 * is not a form field), the card action step, reference generation, replay.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptNotification } from '../../src-main/notifications/notification-crypto';
import { startSimulator, type RunningSimulator } from '../../src-main/simulator';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { NodeEventSource } from '../support/event-source';
import { createOrderThroughUi, openArea } from '../support/console-actions';

const TOKEN = 'CANARYbearerT0KEN9f8e7d6c5b4a';
const CLIENT_ID = 'CANARYclientID3c2b1a0f9e8d';
/** An AES-256 key (32 bytes) whose base64 text is the sentinel. */
const WEBHOOK_KEY_TEXT = 'CANARY-webhook-secret-32-bytes!!';
const WEBHOOK_SECRET = Buffer.from(WEBHOOK_KEY_TEXT).toString('base64');
const TERMINAL = '2000001';
const PROFILE_NAME = 'Canary test';
const PAN = '4000056655665556';
const PAN_SPACED = '4000 0566 5566 5556';
const PAN_MASKED = '400005••••••5556';
const CVV = '7391';
/** A CVV shows as itself only next to its name; bare 4-digit runs occur by chance in ids and times. */
const CVV_SHOWN = new RegExp(`(cvv|cvc|security ?code)[^0-9]{0,24}${CVV}`, 'i');

/** Where data ended up, by place, as text. */
const places = new Map<string, string>();
const add = (place: string, text: string) => places.set(place, (places.get(place) ?? '') + text);

let session: ConsoleSession;
let simulator: RunningSimulator;
let profileId: string;
const logLines: string[] = [];
const eventPayloads: string[] = [];
let wire: NodeEventSource;
const wireFrames: string[] = [];
const createdIds: string[] = [];
/** The console never shows a signature; asking the sentinel simulator's book is the only way to know them. */
const signatureOf = (id: string): string => {
  const { book } = simulator.control as unknown as { book: { get(id: string): { signature: string } | undefined } };
  return book.get(id)?.signature ?? '';
};
let userDataForCli: string;

/** A ConsoleApi call made from inside the page, exactly as the renderer's host transport makes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deep into answers the contract types as unknown
type Loose = any;
async function pageCall(
  page: Page,
  method: string,
  input: unknown,
): Promise<{ ok: boolean; value?: Loose; error?: Loose }> {
  return page.evaluate(
    async ([name, body]) => {
      const token = sessionStorage.getItem('gateway-console.session-token') ?? '';
      const response = await fetch(`/api/call/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
        body: JSON.stringify({ input: body }),
      });
      return response.json();
    },
    [method, input] as const,
  );
}

/** Every IndexedDB database of the page, every store, every row. */
const dumpIndexedDb = (page: Page): Promise<Record<string, unknown[]>> =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>(
        (resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))),
      );
    const out: Record<string, unknown[]> = {};
    for (const info of await indexedDB.databases()) {
      const db = await request(indexedDB.open(info.name!));
      for (const store of Array.from(db.objectStoreNames))
        out[`${info.name}/${store}`] = await request(db.transaction(store).objectStore(store).getAll());
      db.close();
    }
    return out;
  });

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path()) ?? '', 'utf8');
}

const order = (merchantTransactionId: string, extendedInfo?: Array<{ key: string; value: string }>) => ({
  merchant: { terminalId: Number(TERMINAL), channel: 'web', merchantTransactionId },
  transaction: {
    transactionTimestamp: new Date().toISOString(),
    description: 'Canary order',
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['MBWAY', 'REFERENCE'],
    amount: { value: 12.3, currency: 'EUR' },
  },
  ...(extendedInfo ? { extendedInfo } : {}),
});

beforeAll(async () => {
  // The host's own log lines, captured while still reaching the terminal.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logLines.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  session = await openConsole({ viewport: { width: 1400, height: 1000 } });
  session.core.events.subscribe((name, payload) => eventPayloads.push(`${name} ${JSON.stringify(payload)}`));
  wire = new NodeEventSource(`${session.host.origin}/api/events?token=${session.host.token}`);
  for (const name of ['exchanges.recorded', 'notifications.received', 'profiles.changed', 'app.notice'])
    wire.addEventListener(name, (event) => wireFrames.push((event as MessageEvent).data as string));
  await wire.opened;

  const receiver = await session.core.dispatch('notifications.receiverStatus', undefined);
  const receiverUrl = (receiver as { value: { url: string } }).value.url;
  simulator = await startSimulator({
    clientId: CLIENT_ID,
    terminals: [{ terminalId: TERMINAL, variant: 'A', token: TOKEN }],
    webhook: { url: receiverUrl, secret: WEBHOOK_SECRET },
    shopperDelaySeconds: 1,
  });
  const saved = await session.core.dispatch('profiles.save', {
    settings: {
      name: PROFILE_NAME,
      environment: 'test',
      baseUrl: simulator.url,
      pathPrefix: simulator.basePath,
      version: simulator.version,
      terminalId: TERMINAL,
      variant: 'A',
      clientIdHeader: simulator.clientIdHeader,
      // The shop's webhook is the console's own receiver here, so replay re-delivers there.
      webhookUrl: receiverUrl,
    },
    secrets: { bearerToken: TOKEN, clientId: CLIENT_ID, webhookSecret: WEBHOOK_SECRET },
  });
  expect(saved.ok).toBe(true);
  profileId = (saved as { value: { id: string } }).value.id;
  await session.page.reload();
  await session.page.getByTestId('app-mode').waitFor();
  userDataForCli = mkdtempSync(join(tmpdir(), 'canary-cli-'));
}, 60_000);

afterAll(async () => {
  await NodeEventSource.closeAll();
  await session?.close();
  await simulator?.close();
  if (userDataForCli) rmSync(userDataForCli, { recursive: true, force: true });
});

describe('secret canary', () => {
  it('drives orders and follow-ups through the UI on the sentinel profile', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, PROFILE_NAME);
    expect(transactionId).toMatch(/^s2/);
    createdIds.push(transactionId);
    const panel = page.getByRole('region', { name: 'Follow-ups' });
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);
    await panel.getByLabel('MB WAY phone').fill('912345678');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    await panel.locator('[data-kind="mbway"]').waitFor();
    await panel.getByRole('button', { name: 'Poll until final' }).click();
    await panel.getByRole('button', { name: 'Poll until final' }).waitFor({ timeout: 30_000 });
    add('DOM: Orders + follow-ups', await page.content());
  });

  it('drives the card order, reference, status, action and replay with host API calls from the page', async () => {
    const page = session.page;
    const card = await pageCall(page, 'orders.create', {
      profileId,
      order: order('canary-card', [
        { key: 'cardNumber', value: PAN_SPACED },
        { key: 'cvv', value: CVV },
      ]),
    });
    expect(card.ok, JSON.stringify(card.error)).toBe(true);
    const cardId = card.value.exchange.transactionID as string;
    createdIds.push(cardId);
    expect(card.value.exchange.request.body).toContain(PAN_MASKED);
    for (const [method, input] of [
      ['payments.generateReference', { profileId, transactionId: cardId }],
      ['payments.status', { profileId, transactionId: cardId }],
    ] as const) {
      const result = await pageCall(page, method, input);
      expect(result.ok, `${method}: ${JSON.stringify(result.error)}`).toBe(true);
      add('API results seen by the page', JSON.stringify(result));
    }
    // An action step with card data to a url the gateway never returned for this order: main refuses it
    // (issue 25 §2), and its refusal, seen by the page, carries none of the card data either.
    const action = await pageCall(page, 'payments.performAction', {
      profileId,
      transactionId: cardId,
      url: `${simulator.apiUrl}/payments/${cardId}/card/purchase`,
      params: [
        { name: 'pan', value: PAN },
        { name: 'cvv', value: CVV },
      ],
    });
    expect(action.error?.code).toBe('action-url-not-issued');
    add('API results seen by the page', JSON.stringify(action));
    add('API results seen by the page', JSON.stringify(card));

    // The MB WAY approval makes the sentinel simulator notify the console's receiver.
    await expect
      .poll(
        async () => {
          const list = await pageCall(page, 'notifications.list', { after: 0, limit: 100 });
          return JSON.stringify(list.value?.records ?? []).includes(createdIds[0]!);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const list = await pageCall(page, 'notifications.list', { after: 0, limit: 100 });
    const ours = (list.value.records as Array<{ seq: number; profileId: string | null }>).filter(
      (record) => record.profileId === profileId,
    );
    expect(ours.length).toBeGreaterThan(0);
    const receiver = (await pageCall(page, 'notifications.receiverStatus', {})).value as { url: string };
    const replay = await pageCall(page, 'notifications.replay', {
      notifications: [{ journalSeq: ours[0]!.seq }],
      mode: 'once',
    });
    expect(replay.ok, JSON.stringify(replay.error)).toBe(true);
    expect(replay.value.url).toBe(receiver.url);
    add('API results seen by the page', JSON.stringify([list, replay]));

    // A notification carrying card data, as a gateway (or a misconfigured one) could send it.
    const cardNotification = {
      notificationID: '5b0c6a52-0000-4000-8000-00000000ca4d',
      transactionID: cardId,
      paymentStatus: 'Success',
      paymentMethod: 'CARD',
      returnStatus: { statusCode: '000', statusMsg: `Paid with ${PAN_SPACED}, security code ${CVV}` },
      merchant: { transactionId: 'canary-card', terminalId: TERMINAL },
      token: { tokenType: 'Card', value: PAN },
      card: { pan: PAN, cvv: CVV },
      extra: [{ name: 'cvc', value: CVV }],
    };
    const sealed = encryptNotification({ secret: WEBHOOK_SECRET, plaintext: JSON.stringify(cardNotification) });
    const posted = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-initialization-vector': sealed.iv,
        'x-authentication-tag': sealed.tag,
      },
      body: sealed.body,
    });
    expect(posted.status).toBe(200);
    const afterCard = await pageCall(page, 'notifications.list', { after: 0, limit: 500 });
    expect(JSON.stringify(afterCard.value.records)).toContain(cardNotification.notificationID);
    add('API results seen by the page', JSON.stringify(afterCard));
  });

  it('runs a scenario and the readiness check on the sentinel profile and builds every QA report', async () => {
    const page = session.page;
    const scenario = [
      'format: gateway-console/scenario@1',
      'name: Canary scenario',
      'variant: A',
      'steps:',
      '  - id: create',
      `    create: { overrides: { extendedInfo: [{ key: cardNumber, value: "${PAN_SPACED}" }, { key: cvv, value: "${CVV}" }] } }`,
      '  - reference: { transactionID: "${create.transactionID}" }',
      '  - status: { transactionID: "${create.transactionID}" }',
      '',
    ].join('\n');
    const added = await pageCall(page, 'qa.addScenario', { file: 'canary.yaml', text: scenario });
    expect(added.value?.problems).toEqual([]);
    const started = await pageCall(page, 'qa.run', { files: ['added/canary.yaml'], profileA: profileId });
    expect(started.ok, JSON.stringify(started.error)).toBe(true);
    const runId = started.value.runId as string;
    await expect
      .poll(async () => (await pageCall(page, 'qa.result', { runId })).value?.finishedAt ?? null, { timeout: 20_000 })
      .not.toBeNull();
    const result = await pageCall(page, 'qa.result', { runId });
    expect(result.value.counts).toMatchObject({ passed: 1, failed: 0 });
    createdIds.push(result.value.scenarios[0].steps[0].exchanges[0].transactionID as string);
    add('QA run result', JSON.stringify(result));
    const receiver = (await pageCall(page, 'notifications.receiverStatus', {})).value as { url: string };
    const readiness = await pageCall(page, 'qa.readiness', { profileId, webhookUrl: receiver.url });
    expect(readiness.ok, JSON.stringify(readiness.error)).toBe(true);
    add('QA readiness result', JSON.stringify(readiness));
    for (const id of [runId, readiness.value.id as string])
      for (const format of ['html', 'json', 'junit', 'markdown'])
        add(`QA report: ${format}`, (await pageCall(page, 'qa.report', { runId: id, format })).value.text as string);
    expect(places.get('QA report: html')).toContain('Canary scenario');
  });

  it('visits every screen and exports the history as JSON, CSV and HAR', async () => {
    const page = session.page;
    for (const area of ['Orders', 'Notifications', 'Profiles', 'Simulator', 'Settings', 'History']) {
      await openArea(page, area);
      add(`DOM: ${area}`, await page.content());
    }
    await page.getByText('Export and import', { exact: true }).click();
    add('export: JSON', await download(page, 'Export JSON'));
    add('export: CSV', await download(page, 'Export CSV'));
    add('export: HAR', await download(page, 'Export HAR'));
    expect(places.get('export: JSON')).toContain(createdIds[0]!);
    // The inspector over the card order's exchanges.
    await page.keyboard.press('/');
    await page.keyboard.type('canary-card');
    await page.locator('tr', { hasText: 'canary-card' }).first().click();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    add('DOM: transaction timeline', await page.content());
  });

  it('runs the CLI with --json on the sentinel credentials', async () => {
    const orderFile = join(userDataForCli, 'order.json');
    writeFileSync(
      orderFile,
      JSON.stringify(
        order('canary-cli', [
          { key: 'cardNumber', value: PAN },
          { key: 'cvv', value: CVV },
        ]),
      ),
    );
    const env = {
      ...process.env,
      GATEWAY_BASE_URL: simulator.url,
      GATEWAY_TOKEN: TOKEN,
      GATEWAY_CLIENT_ID: CLIENT_ID,
      GATEWAY_TERMINAL_ID: TERMINAL,
      GATEWAY_VARIANT: 'A',
      GATEWAY_CLIENT_ID_HEADER: simulator.clientIdHeader,
    };
    // Asynchronous: the sentinel simulator runs in this process and must keep answering the CLI.
    const cli = (args: string[], extraEnv: Record<string, string> = {}) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
        execFile(
          process.execPath,
          [resolve(__dirname, '../../out/main/cli.js'), ...args, '--json', '--user-data-dir', userDataForCli],
          { env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 30_000 },
          (error, stdout, stderr) => {
            add('CLI output', `${stdout}\n${stderr}`);
            done({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
          },
        );
      });
    const created = await cli(['create', '--file', orderFile]);
    expect(created.status, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { transactionID: string }).transactionID;
    createdIds.push(id);
    const signature = signatureOf(id);
    expect(signature.length).toBeGreaterThan(8);
    expect((await cli(['status', id])).status).toBe(0);
    const mbway = await cli(['mbway', id, '--phone', '912345678'], { GATEWAY_TRANSACTION_SIGNATURE: signature });
    expect(mbway.status, mbway.stderr).toBe(0);
    expect(places.get('CLI output')).toContain(PAN_MASKED);
  });

  it('finds no sentinel anywhere, and card data at most as first 6 + last 4', async () => {
    const page = session.page;
    const db = await dumpIndexedDb(page);
    expect(Object.keys(db).length).toBeGreaterThan(0);
    for (const [store, rows] of Object.entries(db)) add(`IndexedDB: ${store}`, JSON.stringify(rows));
    add('web storage', await page.evaluate(() => JSON.stringify({ ...localStorage })));
    add('host logs', logLines.join(''));
    add('push events (core)', eventPayloads.join('\n'));
    add('push events (SSE wire)', wireFrames.join('\n'));
    add('DOM: final', await page.content());
    // Files at rest: everything the console wrote in its user-data folder, however deep.
    // Except the scenario folder: a scenario file is the tester's own document, kept as they wrote it
    // (its test card data included), like a file they saved themselves.
    const scenarioFolder = join(session.userDataDir, 'scenarios');
    for (const entry of readdirSync(session.userDataDir, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && !entry.parentPath.startsWith(scenarioFolder))
        add(`user-data file: ${entry.name}`, readFileSync(join(entry.parentPath, entry.name)).toString('utf8'));

    const signatures = createdIds.map(signatureOf).filter(Boolean);
    expect(signatures).toHaveLength(createdIds.length);
    const sentinels: Record<string, string> = {
      TOKEN,
      CLIENT_ID,
      WEBHOOK_SECRET,
      WEBHOOK_KEY_TEXT,
      PAN,
      PAN_SPACED,
      ...Object.fromEntries(signatures.map((signature, index) => [`signature ${index + 1}`, signature])),
    };
    const leaks: string[] = [];
    for (const [place, text] of places) {
      for (const [name, value] of Object.entries(sentinels))
        if (text.includes(value)) leaks.push(`${name} in ${place}`);
      if (CVV_SHOWN.test(text)) leaks.push(`CVV in ${place}`);
    }
    console.info(
      `[canary] ${places.size} places × ${Object.keys(sentinels).length + 1} sentinels checked: ${[...places.keys()].join(', ')}`,
    );
    expect(leaks).toEqual([]);
    // The card data did travel (masked): the search above looked at real content, not empty places.
    const everything = [...places.values()].join('\n');
    for (const place of [
      'IndexedDB: gateway-console-history/exchangeBodies',
      'export: JSON',
      'export: HAR',
      'CLI output',
    ])
      expect(places.get(place), place).toContain(PAN_MASKED);
    expect(db['gateway-console-history/notifications']?.length, 'no notification reached IndexedDB').toBeGreaterThan(0);
    // The card-data notification reached IndexedDB and the journal, masked.
    expect(places.get('IndexedDB: gateway-console-history/notifications')).toContain(PAN_MASKED);
    expect(places.get('user-data file: deliveries.jsonl')).toContain(PAN_MASKED);
    expect(wireFrames.join('\n')).toContain(createdIds[0]!);
    for (const id of createdIds) expect(everything).toContain(id);
    expect(logLines.join('')).toMatch(/createOrder POST/);
    expect(wireFrames.length).toBeGreaterThan(3);
    expect(session.pageErrors).toEqual([]);
  });
});
