/**
 * Issue 27, support agent items 8 and 9 in real Chromium: a lookup-only copy of the Sandbox made from
 * the Profiles screen (no credentials copied by hand), the New profile form that stays quiet until used,
 * and a reveal that the audit log attributes to the agent named in Settings and the OS user.
 */
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { chooseActiveProfile, openArea, sandboxOrder } from '../support/console-actions';

describe('support desk trust in Chromium (issue 27 items 8 and 9)', () => {
  let session: ConsoleSession;
  let transactionId: string;

  beforeAll(async () => {
    session = await openConsole();
    await session.page.getByRole('link', { name: 'History' }).waitFor();
    const created = await session.core.dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: {
        ...sandboxOrder('desk-trust-1'),
        customer: { customerInfo: { customerName: 'Rita Gomes', customerEmail: 'rita.gomes@example.pt' } },
      },
    });
    if (!created.ok) throw new Error(created.error.message);
    transactionId = (created.value as { exchange: { transactionID: string } }).exchange.transactionID;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('item 9: the New profile form shows no error before anything is typed', async () => {
    const page = session.page;
    await openArea(page, 'Profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Name', { exact: true }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText('Name is required', { exact: true }).waitFor();
    expect(await form.getByText('Name Name is required').count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('item 9: "New lookup-only profile from this one" makes a marked lookup-only copy of the Sandbox that looks up', async () => {
    const page = session.page;
    await page.getByRole('button', { name: 'New lookup-only profile from Sandbox · Variant A' }).click();
    await page.getByLabel('Name of the new profile').fill('Sandbox desk');
    await page.getByRole('button', { name: 'Create lookup-only profile' }).click();
    await page.getByText('Created “Sandbox desk”.').waitFor();
    const row = page.locator('tr', { hasText: 'Sandbox desk' });
    expect(await row.getByTestId('lookup-only-tag').textContent()).toBe('Lookup-only');
    expect(await row.textContent()).toContain('asks as “Sandbox · Variant A”');
    // The Sandbox rows are not marked lookup-only.
    expect(await page.locator('tr', { hasText: 'Sandbox · Variant B' }).getByTestId('lookup-only-tag').count()).toBe(0);

    await chooseActiveProfile(page, 'Sandbox desk');
    await openArea(page, 'Support');
    await page.getByLabel('Transaction ID, merchant order id or Multibanco reference').fill(transactionId);
    await page.keyboard.press('Enter');
    const card = page.getByTestId('support-case');
    await card.getByText(transactionId).first().waitFor();
    await card.getByRole('button', { name: 'Refresh the status from the gateway' }).click();
    await expect.poll(async () => (await card.getByRole('alert').count()) === 0).toBe(true);
    // Lookup-only: customer data is masked on this copy.
    expect(await card.textContent()).not.toContain('rita.gomes');
  });

  it('item 8: a reveal is logged with the agent name set in Settings and the OS user', async () => {
    const page = session.page;
    await openArea(page, 'Settings');
    await page.getByLabel('Agent name').fill('Ana Sousa');
    await page.getByRole('button', { name: 'Save agent name' }).click();
    await page.getByText('Agent name saved.').waitFor();

    await openArea(page, 'Support');
    await page.getByLabel('Transaction ID, merchant order id or Multibanco reference').fill(transactionId);
    await page.keyboard.press('Enter');
    const card = page.getByTestId('support-case');
    await card.getByRole('button', { name: 'Reveal E-mail' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Ticket ZD-9001: receipt address');
    await dialog.getByRole('button', { name: 'Reveal and log' }).click();
    await card.getByText('rita.gomes@example.pt').waitFor();

    const log = await session.core.dispatch('support.auditLog', undefined);
    expect(log.ok && (log.value as { entries: unknown[] }).entries.at(-1)).toMatchObject({
      agentName: 'Ana Sousa',
      osUser: userInfo().username,
    });
    await page.getByTestId('support-audit').locator('summary').click();
    await page.getByTestId('support-audit-table').getByText(`Ana Sousa (${userInfo().username})`).waitFor();
  });
});
