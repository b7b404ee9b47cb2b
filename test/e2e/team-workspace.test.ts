/**
 * Issue 30 in real Chromium: two consoles on one team workspace (a real PostgreSQL cluster). Agent A
 * configures the workspace in Settings at 960×600 with the keyboard-reachable form, adds a case note in
 * Support; agent B's Support screen shows it live (LISTEN/NOTIFY, pushed by main) and finds it by search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveOutsideViewport, seriousAxeViolations } from './accessibility-checks';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea, sandboxOrder } from '../support/console-actions';
import { startTeamWorkspaceDb, TEAM_MERCHANT, type TeamWorkspaceDb } from '../support/team-workspace-db';

describe('team workspace: two consoles in Chromium (issue 30)', () => {
  let db: TeamWorkspaceDb;
  let agentA: ConsoleSession;
  let agentB: ConsoleSession;
  let transactionId: string;
  let alicePw: string;

  beforeAll(async () => {
    db = await startTeamWorkspaceDb();
    alicePw = await db.addLogin('alice', 'agent');
    const brunoPw = await db.addLogin('bruno', 'agent');
    agentA = await openConsole({ viewport: { width: 960, height: 600 } });
    agentB = await openConsole({ viewport: { width: 960, height: 600 } });
    const configured = await agentB.core.dispatch('team.configure', {
      url: db.urlFor('bruno'),
      merchantId: TEAM_MERCHANT,
      tlsMode: 'disable',
      caPath: null,
      password: brunoPw,
    });
    if (!configured.ok) throw new Error(configured.error.message);
  }, 60_000);
  afterAll(async () => {
    await agentA?.close();
    await agentB?.close();
    await db?.stop();
  });

  it('team workspace settings: agent A connects from Settings; the password never shows again and the status says connected', async () => {
    const page = agentA.page;
    await openArea(page, 'Settings');
    const section = page.getByRole('region', { name: 'Team workspace' });
    await section.getByLabel('Workspace address').fill(`postgres://alice:typed-here@127.0.0.1:${db.cluster.port}/desk`);
    await section.getByLabel('Merchant', { exact: true }).fill(TEAM_MERCHANT);
    await section.getByLabel('Password', { exact: true }).fill(alicePw);
    await section.getByLabel('TLS', { exact: true }).selectOption('disable');
    await section.getByRole('button', { name: 'Save and connect' }).click();
    // A password typed into the address is refused with a specific message, and nothing is saved.
    await section.getByRole('alert').getByText('The workspace address holds a password').waitFor();
    await section.getByLabel('Workspace address').fill(db.urlFor('alice'));
    await section.getByLabel('Workspace address').press('Enter');
    await expect
      .poll(() => section.getByTestId('team-status').textContent(), { timeout: 10_000 })
      .toContain('Connected');
    // Main's status push can say "Connected" a moment before the save's own answer clears the field.
    await expect.poll(() => section.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(alicePw);
    expect(agentA.pageErrors).toEqual([]);
  });

  it('team workspace live: a note agent A adds in Support appears on agent B’s Support screen within 2 s, and B finds it by search', async () => {
    await openArea(agentB.page, 'Support');
    const teamB = agentB.page.getByRole('region', { name: 'Team results' });
    await teamB.waitFor();

    const created = await agentA.core.dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: sandboxOrder('team-e2e-1'),
    });
    if (!created.ok) throw new Error(created.error.message);
    transactionId = (created.value as { exchange: { transactionID: string } }).exchange.transactionID;
    const pageA = agentA.page;
    await openArea(pageA, 'Support');
    await pageA.getByLabel('Transaction ID, merchant order id or Multibanco reference').fill(transactionId);
    await pageA.keyboard.press('Enter');
    const card = pageA.getByTestId('support-case');
    await card.getByLabel('Ticket reference').fill('ZD-9001');
    await card.getByLabel('Note', { exact: true }).fill('Customer will pay by Multibanco tomorrow.');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note saved.').waitFor();
    const saved = Date.now();
    await teamB
      .getByTestId('team-activity')
      .getByText(`alice noted on ${transactionId}: Customer will pay by Multibanco tomorrow.`)
      .waitFor({ timeout: 2_000 });
    expect(Date.now() - saved).toBeLessThan(2_000);

    await teamB.getByLabel('Search the team workspace').fill('ZD-9001');
    await teamB.getByRole('button', { name: 'Search team' }).click();
    const results = teamB.getByTestId('team-results');
    await results.getByText(transactionId).waitFor();
    expect(await results.textContent()).toContain('team-e2e-1');
    expect(await results.textContent()).toContain('Customer will pay by Multibanco tomorrow.');
    expect(agentB.pageErrors).toEqual([]);
  });

  it('team workspace screens: the Support team panel and the Settings section have no serious axe violation and fit 960×600', async () => {
    const page = agentB.page;
    await openArea(page, 'Support');
    await page.getByRole('region', { name: 'Team results' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await openArea(page, 'Settings');
    await page.getByRole('region', { name: 'Team workspace' }).getByTestId('team-status').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await interactiveOutsideViewport(page)).toEqual([]);
  });
});
