/**
 * Issue 30 in real Chromium: a lead reads the desk's reveal audit trail in Settings › Team workspace ›
 * Audit trail (a real PostgreSQL cluster) with the keyboard at 960×600 — newest first, filtered, the chain
 * verified, exported as CSV with formulas defused — and an agent is told by the database that only leads
 * may read it. Also in European Portuguese.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveOutsideViewport, seriousAxeViolations } from './accessibility-checks';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { openArea, sandboxOrder } from '../support/console-actions';
import { startTeamWorkspaceDb, teamConfigFor, type TeamWorkspaceDb } from '../support/team-workspace-db';

async function joinWorkspace(session: ConsoleSession, db: TeamWorkspaceDb, login: string, password: string) {
  const configured = await session.core.dispatch('team.configure', teamConfigFor(db, login, password));
  if (!configured.ok) throw new Error(configured.error.message);
}

/** Opens the Audit trail inside the Team workspace section with the keyboard (its summary, then Enter). */
async function openAuditTrail(page: Page, section: string, heading: string) {
  const region = page.getByRole('region', { name: section });
  await region.getByTestId('team-status').waitFor();
  const summary = page.getByTestId('team-audit').locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('team-audit').getByRole('heading', { name: heading }).waitFor();
  return page.getByTestId('team-audit');
}

describe('team workspace audit trail in Chromium (issue 30)', () => {
  let db: TeamWorkspaceDb;
  let lead: ConsoleSession;
  let agent: ConsoleSession;
  const transactions: string[] = [];

  beforeAll(async () => {
    db = await startTeamWorkspaceDb();
    const lenaPw = await db.addLogin('lena', 'lead');
    const alicePw = await db.addLogin('alice', 'agent');
    lead = await openConsole({ viewport: { width: 960, height: 600 } });
    agent = await openConsole({ viewport: { width: 960, height: 600 } });
    await joinWorkspace(lead, db, 'lena', lenaPw);
    await joinWorkspace(agent, db, 'alice', alicePw);
    for (const [orderId, reason] of [
      ['audit-e2e-1', 'ZD-501: which address got the receipt'],
      ['audit-e2e-2', '=HYPERLINK("http://evil.example","x") ZD-502'],
    ] as const) {
      const order = {
        ...sandboxOrder(orderId),
        customer: { customerInfo: { customerEmail: `${orderId}@example.pt` } },
      };
      const created = await lead.core.dispatch('orders.create', { profileId: 'sandbox-a', order });
      if (!created.ok) throw new Error(created.error.message);
      const transactionId = (created.value as { exchange: { transactionID: string } }).exchange.transactionID;
      transactions.push(transactionId);
      const revealed = await lead.core.dispatch('support.reveal', {
        profileId: 'sandbox-a',
        transactionId,
        field: 'email',
        reason,
      });
      if (!revealed.ok) throw new Error(revealed.error.message);
    }
  }, 90_000);
  afterAll(async () => {
    await lead?.close();
    await agent?.close();
    await db?.stop();
  });

  it('a lead reads it newest first, filters it, verifies the chain and exports CSV — by keyboard, axe-clean, within 960×600', async () => {
    const page = lead.page;
    await openArea(page, 'Settings');
    const audit = await openAuditTrail(page, 'Team workspace', 'Audit trail');
    const table = audit.getByTestId('team-audit-table');
    await table.getByText('ZD-502').waitFor();
    const reasons = await table.locator('tbody tr td.reason').allTextContents();
    expect(reasons).toEqual([expect.stringContaining('ZD-502'), 'ZD-501: which address got the receipt']);

    await audit.getByLabel('Transaction ID').fill(transactions[0]!);
    await audit.getByLabel('Transaction ID').press('Enter');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.textContent()).toContain('ZD-501');

    await audit.getByRole('button', { name: 'Verify chain' }).focus();
    await page.keyboard.press('Enter');
    await audit.getByTestId('team-audit-verified').getByText('Chain intact: 2 entries (seq 1 to 2)').waitFor();

    await audit.getByLabel('Transaction ID').fill('');
    await audit.getByLabel('Transaction ID').press('Enter');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      audit.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^team-audit-trail-.*\.csv$/);
    expect(csv).toContain(`"'=HYPERLINK(`);
    expect(csv).toContain('ZD-501');

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await interactiveOutsideViewport(page)).toEqual([]);
    expect(lead.pageErrors).toEqual([]);
    await audit.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'team-audit-trail');
  }, 60_000);

  it('an agent is refused by the database: "Only leads may read the audit trail"', async () => {
    const page = agent.page;
    await openArea(page, 'Settings');
    const audit = await openAuditTrail(page, 'Team workspace', 'Audit trail');
    await audit.getByRole('alert').getByText('Only leads may read the audit trail').waitFor();
    expect(await audit.getByTestId('team-audit-table').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 30_000);

  it('in European Portuguese, by the message code', async () => {
    const page = agent.page;
    await page.getByLabel('Language').selectOption('pt-PT');
    await page.getByRole('heading', { name: 'Definições', exact: true }).waitFor();
    const audit = page.getByTestId('team-audit');
    await audit.getByRole('button', { name: 'Mostrar' }).click();
    await audit.getByRole('alert').getByText('Só os responsáveis podem ler o registo de auditoria').waitFor();
    expect(await audit.getByRole('heading', { name: 'Registo de auditoria' }).count()).toBe(1);
    await page.getByLabel('Idioma').selectOption('en');
  }, 30_000);
});
