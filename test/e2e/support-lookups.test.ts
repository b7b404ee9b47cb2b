/**
 * The support agent's lookups in real Chromium against the in-process core and its embedded simulator:
 * what the agent sees after a lookup that fails, what a bulk paste of mixed ids resolves to, and a status
 * left on screen going stale. The page's clock is Playwright's (installed before the console loads) so
 * "70 seconds later" is a fast-forward, not a wait; the simulator keeps real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea, sandboxOrder } from '../support/console-actions';

const CUSTOMER = {
  customerName: 'Ana Maria Silva',
  customerEmail: 'ana.silva@example.pt',
  customerPhone: '+351912345678',
};
const LOOKUP = 'Transaction ID, merchant order id or Multibanco reference';

/** A Variant B (card) order for the Sandbox's terminal 1000002. */
const variantBOrder = (merchantTransactionId: string) => ({
  merchant: { terminalId: 1000002, channel: 'web', merchantTransactionId },
  customer: { customerInfo: { customerName: 'Rui Costa', customerEmail: 'rui@example.pt' } },
  transaction: {
    transactionTimestamp: new Date().toISOString(),
    description: 'E2E order B',
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['CARD'],
    amount: { value: 7.25, currency: 'EUR' },
  },
  info: { deviceInfo: { browserLanguage: 'pt-PT' } },
});

const unknownId = () =>
  `s2${Array.from({ length: 18 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 34)]).join('')}`;

describe('support lookups in Chromium', () => {
  let session: ConsoleSession;
  let shopTx: string;
  let reference: string;
  let variantBTx: string;

  async function dispatch(method: string, input: unknown): Promise<Record<string, unknown>> {
    const result = await session.core.dispatch(method as 'orders.create', input as never);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as Record<string, unknown>;
  }

  beforeAll(async () => {
    session = await openConsole({ open: false });
    await session.page.clock.install();
    await session.page.goto(session.host.url);
    await session.page.getByRole('link', { name: 'History' }).waitFor();
    // Made while the page is open, so its History records them (as the shop's orders would be).
    const created = await dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: { ...sandboxOrder('shop-order-1'), customer: { customerInfo: CUSTOMER } },
    });
    shopTx = (created.exchange as { transactionID: string }).transactionID;
    const generated = await dispatch('payments.generateReference', { profileId: 'sandbox-a', transactionId: shopTx });
    reference = /"reference":"(\d{9})"/.exec(JSON.stringify(generated))![1]!;
    const b = await dispatch('orders.create', { profileId: 'sandbox-b', order: variantBOrder('shop-order-b') });
    variantBTx = (b.exchange as { transactionID: string }).transactionID;
    await openArea(session.page, 'History');
    for (const id of ['shop-order-1', 'shop-order-b']) await session.page.getByRole('table').getByText(id).waitFor();
    await openArea(session.page, 'Support');
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it('defect "the wrong customer on screen": a failed lookup never shows the previous customer\'s card', async () => {
    const page = session.page;
    const box = page.getByLabel(LOOKUP);
    const card = page.getByTestId('support-case');
    await box.fill(reference);
    await page.keyboard.press('Enter');
    await card.getByText(CUSTOMER.customerEmail).waitFor();

    // An id the gateway does not know: its 404 shows, and nothing of the previous transaction.
    await box.fill(unknownId());
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/The gateway refused the lookup/)
      .waitFor();
    expect(await card.count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(CUSTOMER.customerName);

    // Back to the customer, then text that is no id at all.
    await box.fill('shop-order-1');
    await page.keyboard.press('Enter');
    await card.getByText(CUSTOMER.customerName).waitFor();
    await box.fill('hello world');
    await page.keyboard.press('Enter');
    await page.getByTestId('support-only-transaction-id').waitFor();
    expect(await card.count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(shopTx);
  });

  it('defect "Stale never appears": a non-final status on screen turns Stale once the threshold passes', async () => {
    const page = session.page;
    await page.getByLabel('Mark a non-final status stale after (minutes)').fill('1');
    await page.getByLabel('Mark a non-final status stale after (minutes)').blur();
    await page.getByLabel(LOOKUP).fill(shopTx);
    await page.keyboard.press('Enter');
    const status = page.getByTestId('support-case-status');
    await status.getByText('as of', { exact: false }).waitFor();
    await page.getByLabel(/^Transaction IDs/).fill(shopTx);
    await page.getByRole('button', { name: 'Look up all' }).click();
    await page.getByTestId('support-bulk-progress').getByText('1 of 1 answered').waitFor();
    const row = page.getByTestId('support-bulk-table').locator('tbody tr');
    expect(await status.getByText('Stale', { exact: true }).count()).toBe(0);
    expect(await row.getByText('Stale', { exact: true }).count()).toBe(0);

    await page.clock.fastForward(70_000);
    await status.getByText('Stale', { exact: true }).waitFor({ timeout: 10_000 });
    await row.getByText('Stale', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Refresh stale (1)' }).waitFor();
  });

  /** Pastes `lines` into the bulk lookup, runs it, and reads each row: shown id, outcome, code and meaning. */
  async function bulkLookUp(lines: string[], asked: number) {
    const page = session.page;
    await page.getByLabel(/^Transaction IDs/).fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Look up all' }).click();
    await page.getByTestId('support-bulk-progress').getByText(`${asked} of ${asked} answered`).waitFor();
    const rows = page.getByTestId('support-bulk-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(lines.length);
    return rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        id: tr.querySelector('code')?.textContent?.trim(),
        outcome: tr.getAttribute('data-outcome'),
        lookedUpAs: tr.querySelector('[data-testid="looked-up-as"]')?.textContent?.trim() ?? null,
        code: tr.querySelector('[data-testid="code-and-meaning"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      })),
    );
  }

  it('defect "bulk lookup resolves what the single box resolves": merchant order ids and Multibanco references find their transaction through History; unknown order ids are not sent', async () => {
    const spaced = reference.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');
    // Both name the same transaction: it is asked once, and the order id not in History never.
    const rows = await bulkLookUp(['shop-order-1', spaced, 'no-such-order'], 1);
    expect(rows).toEqual([
      { id: shopTx, outcome: 'found', lookedUpAs: 'looked up as shop-order-1', code: expect.any(String) },
      { id: shopTx, outcome: 'found', lookedUpAs: `looked up as ${reference}`, code: expect.any(String) },
      {
        id: 'no-such-order',
        outcome: 'not-in-history',
        lookedUpAs: null,
        code: expect.stringContaining('can only be asked by transactionID'),
      },
    ]);
  });

  it('defect "each transaction with its own profile": a Variant B transaction is asked with its own profile, not the active Variant A one', async () => {
    expect(await session.page.getByTestId('support-profile').textContent()).toContain('Sandbox · Variant A');
    const rows = await bulkLookUp([variantBTx, shopTx], 2);
    expect(rows.map((row) => [row.id, row.outcome])).toEqual([
      [variantBTx, 'found'],
      [shopTx, 'found'],
    ]);
  });

  it('defect "the Code and meaning column is empty": every answer, a normal one and a 404, shows its code and meaning', async () => {
    const stranger = unknownId();
    const rows = await bulkLookUp([shopTx, stranger], 2);
    expect(rows.map((row) => [row.outcome, row.code])).toEqual([
      ['found', expect.stringMatching(/^000 — The gateway processed the request\. This is NOT "paid"/)],
      [
        'not-found',
        expect.stringMatching(/^HTTP 404 .*— HTTP 404 Not Found: the gateway does not know this transactionID/),
      ],
    ]);
    // Nothing on the Support screen failed to render along the way.
    expect(session.pageErrors).toEqual([]);
  });
});
