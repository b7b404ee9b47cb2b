/**
 * The support desk in real Chromium against the in-process core and its embedded simulator. The
 * lookup-only profile talks to the simulator through a counting pass-through, so "0 requests reach the
 * gateway" is counted where money would move, not inferred from the UI.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { chooseActiveProfile, createSandboxOrder, openArea, sandboxOrder } from '../support/console-actions';
import { startCountingProxy } from '../support/counting-proxy';
import { interactiveOutsideViewport, seriousAxeViolations } from './accessibility-checks';
import { lookupRowsFromCsv } from '../../src-renderer/src/features/support/lookup-csv';

const DESK = 'Support desk';
const CUSTOMER = {
  customerName: 'Ana Maria Silva',
  customerEmail: 'ana.silva@example.pt',
  customerPhone: '+351912345678',
  billingAddress: { street1: 'Rua Augusta 10', postcode: '1100-053', city: 'Lisboa', country: 'PT' },
};
const PRIVATE_TEXT = ['Ana Maria', 'Silva', 'ana.silva', '912345678', 'Rua Augusta', '203.0.113.77'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deep into answers the contract types as unknown
type Loose = any;
/** A ConsoleApi call from inside the page, exactly as the renderer's host transport makes it. */
const pageCall = (page: Page, method: string, input: unknown): Promise<{ ok: boolean; value?: Loose; error?: Loose }> =>
  page.evaluate(
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

const randomId = () =>
  `s2${Array.from({ length: 18 }, () => 'abcdefghijkLMNOPQRS0123456789'[Math.floor(Math.random() * 29)]).join('')}`;

describe('support desk in Chromium', () => {
  let session: ConsoleSession;
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  let deskId: string;
  let customerOrderId: string;

  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 960, height: 600 } });
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const simulator = session.core.simulator!;
    proxy = await startCountingProxy(simulator.url);
    const saved = await session.core.dispatch('profiles.save', {
      settings: {
        name: DESK,
        environment: 'test',
        baseUrl: proxy.url,
        pathPrefix: simulator.basePath,
        terminalId: '1000001',
        variant: 'A',
        lookupOnly: true,
      },
      secrets: { bearerToken: simulator.terminals[0]!.token, clientId: simulator.clientId },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    deskId = (saved.value as { id: string }).id;
    // A shop's order with customer data, made while the page is open so its History records it.
    await session.page.getByRole('link', { name: 'History' }).waitFor();
    const order = sandboxOrder('shop-order-77');
    const created = await session.core.dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: { ...order, customer: { customerInfo: CUSTOMER }, info: { deviceInfo: { ipAddress: '203.0.113.77' } } },
    });
    if (!created.ok) throw new Error(created.error.message);
    customerOrderId = (created.value as Loose).exchange.transactionID;
    await chooseActiveProfile(session.page, DESK);
  });
  afterAll(async () => {
    await session?.close();
    await proxy?.close();
  });

  it('a lookup-only profile cannot create an order through the UI nor through the host API', async () => {
    const page = session.page;
    const before = proxy.count();
    await openArea(page, 'Orders');
    await page.getByTestId('lookup-only-screen').waitFor();
    expect(await page.getByRole('button', { name: 'Create a test order' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send (Ctrl+Enter)' }).count()).toBe(0);
    await page.keyboard.press('Control+Enter');

    const create = await pageCall(page, 'orders.create', { profileId: deskId, order: sandboxOrder('sneaky-1') });
    expect(create).toMatchObject({ ok: false, error: { code: 'lookup-only' } });
    for (const [method, input] of [
      ['payments.generateReference', { profileId: deskId, transactionId: customerOrderId }],
      ['payments.mbwayPurchase', { profileId: deskId, transactionId: customerOrderId, phone: '912345678' }],
    ] as const)
      expect(await pageCall(page, method, input), method).toMatchObject({ ok: false, error: { code: 'lookup-only' } });
    // Switching it off without the typed name is refused by main too.
    const release = await pageCall(page, 'profiles.save', {
      id: deskId,
      settings: {
        name: DESK,
        environment: 'test',
        baseUrl: proxy.url,
        terminalId: '1000001',
        variant: 'A',
        lookupOnly: false,
      },
    });
    expect(release).toMatchObject({ ok: false, error: { code: 'confirmation-required' } });
    expect(proxy.count()).toBe(before);
  });

  it('shows customer data masked, reveals one field only with a reason, and logs it', async () => {
    const page = session.page;
    await page.keyboard.press('Control+k');
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    const box = page.getByLabel('Transaction ID, merchant order id or Multibanco reference');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('shop-order-77');
    await page.keyboard.press('Enter');
    const card = page.getByTestId('support-case');
    await card.getByText(customerOrderId).waitFor();
    await card.locator('[data-field="email"]').waitFor();
    const shown = (await card.textContent()) ?? '';
    for (const text of PRIVATE_TEXT) expect(shown, `${text} shows unmasked`).not.toContain(text);
    expect(shown).toContain('as of');

    // The case summary (what goes into a ticket) is masked the same way.
    await card.getByRole('button', { name: 'Copy case summary' }).click();
    const summary = await page.evaluate(() => navigator.clipboard.readText());
    expect(summary).toContain(customerOrderId);
    expect(summary).toContain('shop-order-77');
    for (const text of PRIVATE_TEXT) expect(summary, `${text} in the summary`).not.toContain(text);

    await card.getByRole('button', { name: 'Reveal E-mail' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Reveal and log' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill('Ticket ZD-4411: which address got the receipt');
    await confirm.click();
    await card.getByText(CUSTOMER.customerEmail).waitFor();
    expect(await card.textContent()).not.toContain('Ana Maria');

    const log = await session.core.dispatch('support.auditLog', undefined);
    expect((log as Loose).value.entries).toEqual([
      expect.objectContaining({
        profileId: deskId,
        profileName: DESK,
        transactionId: customerOrderId,
        field: 'email',
        reason: 'Ticket ZD-4411: which address got the receipt',
      }),
    ]);
    await page.getByTestId('support-audit').locator('summary').click();
    await page.getByTestId('support-audit-table').getByText('Ticket ZD-4411').waitFor();
    // History's export on this profile masks the order's customer data too.
    await openArea(page, 'History');
    await page.getByText('Export and import', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('shop-order-77');
    for (const text of PRIVATE_TEXT) expect(exported, `${text} in the History export`).not.toContain(text);
    await openArea(page, 'Support');
  });

  it('issue 27 item 7: case notes are an append-only list with author and time, shown on the History detail too', async () => {
    const page = session.page;
    await session.core.dispatch('support.setAgentName', { agentName: 'Ana Sousa' });
    const card = page.getByTestId('support-case');
    await card.getByLabel('Ticket reference').fill('ZD-4411');
    await card.getByLabel('Note', { exact: true }).fill('Customer says paid at 10:02; status Pending.');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note saved.').waitFor();
    await card.getByLabel('Note', { exact: true }).fill('Bank trace requested.');
    await card.getByRole('button', { name: 'Add note' }).click();
    const entries = card.getByTestId('case-note-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('Customer says paid at 10:02');
    expect(await entries.nth(0).textContent()).toContain('Ana Sousa');
    expect(await entries.nth(1).textContent()).toContain('Bank trace requested.');
    await card.getByRole('button', { name: 'Copy case summary' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('ZD-4411');

    await openArea(page, 'History');
    await page.keyboard.press('/');
    await page.keyboard.type('ZD-44');
    await page.getByRole('table').getByText('shop-order-77').click();
    const detailNotes = page.getByTestId('transaction-case-notes');
    await detailNotes.getByText('Bank trace requested.').waitFor();
    expect(await detailNotes.textContent()).toContain('Ana Sousa');
    await openArea(page, 'Support');
  });

  it(
    'looks up 500 pasted ids in bulk with progress and cancel, lists duplicates and malformed ones, exports CSV',
    { timeout: 240_000 },
    async () => {
      const page = session.page;
      const known: string[] = [];
      for (let i = 0; i < 30; i++) known.push(await createSandboxOrder(session, `bulk-${i}`));
      const unknown = Array.from({ length: 455 }, randomId);
      const duplicated = [...known.slice(0, 5), ...unknown.slice(0, 5)];
      const malformed = ['not an id', 'x'.repeat(40), 'semi:colon', 'ümlaut', 'a/b'];
      const lines = [...known, ...unknown, ...duplicated, ...malformed];
      expect(lines).toHaveLength(500);
      const unique = new Set([...known, ...unknown]);

      await openArea(page, 'Support');
      await page.getByLabel('Parallel requests').fill('1');
      await page.getByLabel('Parallel requests').blur();
      // Pasting 500 lines re-renders the textarea once; on a loaded machine that can take a while.
      await page.getByLabel(/^Transaction IDs/).fill(lines.join('\n'), { timeout: 90_000 });
      proxy.seen.length = 0;
      await page.getByRole('button', { name: 'Look up all' }).click();
      await page.getByTestId('support-bulk-progress').waitFor();
      await page.getByRole('button', { name: 'Cancel lookup' }).click();
      await page
        .getByTestId('support-bulk-progress')
        .getByText(/not sent/)
        .waitFor();
      const afterCancel = page.getByTestId('support-bulk-table').locator('tbody tr');
      expect(await afterCancel.count()).toBe(unique.size);
      expect(await page.locator('tr[data-outcome="not-sent"]').count()).toBeGreaterThan(0);
      expect(proxy.count()).toBeLessThan(unique.size);

      await page.getByTestId('support-bulk-checks').getByText('Duplicates, asked once: 10').waitFor();
      await page.getByTestId('support-bulk-checks').getByText('Not transaction IDs, not sent: 5').waitFor();

      await page.getByLabel('Parallel requests').fill('8');
      await page.getByLabel('Parallel requests').blur();
      proxy.seen.length = 0;
      await page.getByRole('button', { name: 'Look up all' }).click();
      await page
        .getByTestId('support-bulk-progress')
        .getByText(`${unique.size} of ${unique.size} answered`)
        .waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Export CSV' }).first().waitFor();
      // Every unique id asked exactly once; duplicates and malformed entries never sent. The 30 orders History
      // knows were made with the Sandbox profile, so they are asked with it (straight to the simulator); only
      // the ids History does not know go out with the desk's profile, through the counting proxy.
      const asked = proxy.seen.map((request) => /payments\/([^/]+)\/status/.exec(request.path)?.[1]);
      expect(asked).toHaveLength(unknown.length);
      expect(new Set(asked)).toEqual(new Set(unknown));
      expect(await page.locator('tr[data-outcome="found"]').count()).toBe(30);
      expect(await page.locator('tr[data-outcome="not-found"]').count()).toBe(455);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('support-bulk-table').page().getByRole('button', { name: 'Export CSV' }).first().click(),
      ]);
      const rows = lookupRowsFromCsv(readFileSync((await download.path())!, 'utf8'));
      const table = await page
        .getByTestId('support-bulk-table')
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('code')?.textContent ?? '', tr.getAttribute('data-outcome')]),
        );
      expect(rows.map((row) => [row.transactionId, row.outcome])).toEqual(table);
      for (const row of rows.filter((r) => r.outcome === 'found')) {
        expect(known).toContain(row.transactionId);
        expect(row).toMatchObject({ status: 'Pending', final: false, amount: 10.5, currency: 'EUR' });
        expect(Date.parse(row.asOf!)).toBeGreaterThan(Date.now() - 120_000);
      }
    },
  );

  it('the Support screen has no serious accessibility violations and fits 960×600', { timeout: 120_000 }, async () => {
    const page = session.page;
    // A short table: axe and the viewport walk visit every element, and the 500-row run is checked above.
    // A dropped or chosen CSV file: its transactionID column is read, other columns ignored.
    const csv = `merchant;transactionID;note\nshop-order-77;${customerOrderId};paid?\nx;${randomId()};\ny;bad id;\n`;
    await page.getByTestId('support-bulk-file').setInputFiles({
      name: 'ticket-ids.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('support-bulk-checks').getByText('Not transaction IDs, not sent: 1').waitFor();
    await page.getByRole('button', { name: 'Look up all' }).click();
    await page.getByTestId('support-bulk-progress').getByText('2 of 2 answered').waitFor();
    await page.getByLabel('Transaction ID, merchant order id or Multibanco reference').fill('shop-order-77');
    await page.keyboard.press('Enter');
    await page.getByTestId('support-case').locator('[data-field="email"]').waitFor();
    await page.getByTestId('support-explanations').locator('summary').click();
    await page.getByRole('button', { name: 'Copy the Portuguese customer sentence for E0613' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await interactiveOutsideViewport(page)).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
