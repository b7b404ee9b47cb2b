import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { chooseActiveProfile, expectNoSecretsInPage, openArea, watchOrderCalls } from '../support/console-actions';

const TEST_TOKEN = 'qa-wrong-token-7f3a9c2e1b4d6789';
const REPLACED_TOKEN = 'qa-replaced-token-55aa66bb4321';
const PROD_TOKEN = 'prod-token-d41d8cd98f00b2041234';
const PROD_CLIENT_ID = 'prod-client-0e1f2a3b4c5d9876';
const typed = [TEST_TOKEN, REPLACED_TOKEN, PROD_TOKEN, PROD_CLIENT_ID];

describe('profiles, secrets, wrong token and the production guard (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole();
  });
  afterAll(async () => {
    await session?.close();
  });

  async function fillProfile(fields: {
    name: string;
    environment: 'Test' | 'Production';
    token: string;
    clientId: string;
  }): Promise<void> {
    const { page } = session;
    const simulator = session.core.simulator!;
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Name', { exact: true }).fill(fields.name);
    // naive-ui keeps the real radio input visually hidden; clicking it is what a click on its label does.
    const environment = form.getByRole('radio', { name: fields.environment });
    await environment.dispatchEvent('click');
    await expect(environment.isChecked()).resolves.toBe(true);
    await form.getByLabel('Base URL').fill(simulator.url);
    await form.getByLabel('Path prefix').fill(simulator.basePath);
    await form.getByLabel('API version').fill(simulator.version);
    await form.getByLabel('Terminal id').fill('1000001');
    await form.getByLabel('Client-id header name').fill(simulator.clientIdHeader);
    await form.getByLabel('New bearer token').fill(fields.token);
    await form.getByLabel('New client id').fill(fields.clientId);
    // Saving a production profile needs its name typed (main checks it).
    if (fields.environment === 'Production')
      await form.getByLabel(`Type the profile name “${fields.name}” to save this production profile`).fill(fields.name);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.waitFor({ state: 'detached' });
  }

  it('creates and edits a profile whose secrets show only as "ends in …"', async () => {
    const { page } = session;
    await openArea(page, 'Profiles');
    // Managed Sandbox profiles cannot be edited or deleted.
    await expect(page.getByRole('button', { name: 'Edit Sandbox · Variant A' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Delete Sandbox · Variant A' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'New profile' }).click();
    // A field error from the contract schema shows next to its field before saving.
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Terminal id').fill('12ab');
    await expect(form.getByText('Terminal id must be 1 to 10 digits', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(form.getByRole('button', { name: 'Save profile' }).isDisabled()).resolves.toBe(true);

    await fillProfile({
      name: 'QA test',
      environment: 'Test',
      token: TEST_TOKEN,
      clientId: session.core.simulator!.clientId,
    });
    const row = page.locator('tr', { hasText: 'QA test' });
    await expect(row.textContent()).resolves.toContain('Bearer token: set · ends in 6789');
    await expect(row.locator('[data-environment="test"]').textContent()).resolves.toBe('Test');

    await page.getByRole('button', { name: 'Edit QA test' }).click();
    const edit = page.getByRole('form', { name: 'Edit profile QA test' });
    await expect(edit.getByTestId('profile-secret-bearerToken-state').textContent()).resolves.toBe(
      'Bearer token: set · ends in 6789',
    );
    // No input holds the stored secret: there is nothing to read back.
    await expect(edit.locator('#profile-secret-bearerToken').count()).resolves.toBe(0);
    await edit.getByRole('button', { name: 'Replace Bearer token' }).click();
    await edit.getByLabel('New bearer token').fill(REPLACED_TOKEN);
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect(row.textContent()).resolves.toContain('Bearer token: set · ends in 4321');

    await saveScreenshot(page, 'profiles-create-edit');
    await expectNoSecretsInPage(session, typed);
  });

  it('says before saving that a new address clears the saved token and client id, and main clears them (issue 25)', async () => {
    const { page } = session;
    const simulator = session.core.simulator!;
    const listener = simulator.url.replace('127.0.0.1', 'localhost');
    await page.getByRole('button', { name: 'Edit QA test' }).click();
    const edit = page.getByRole('form', { name: 'Edit profile QA test' });
    await edit.getByLabel('Base URL').fill(listener);
    const warning = edit.getByTestId('origin-change');
    await expect(warning.textContent()).resolves.toContain('Changing the address clears the saved token and client id');
    await saveScreenshot(page, 'profiles-origin-change-warning');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit.waitFor({ state: 'detached' });
    const row = page.locator('tr', { hasText: 'QA test' });
    await expect(row.textContent()).resolves.toContain('Bearer token: not set');
    // Back at the gateway's address, with the secrets entered again, for the tests below.
    await page.getByRole('button', { name: 'Edit QA test' }).click();
    await edit.getByLabel('Base URL').fill(simulator.url);
    await edit.getByLabel('New bearer token').fill(REPLACED_TOKEN);
    await edit.getByLabel('New client id').fill(simulator.clientId);
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect(row.textContent()).resolves.toContain('Bearer token: set · ends in 4321');
  });

  it('tells a wrong token (401) apart in Test connection and in an order, with the suggested action', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Test connection for QA test' }).click();
    const verdict = page.locator('[data-testid^="connection-verdict-"]').filter({ hasText: 'HTTP 401' });
    await verdict.waitFor();
    const text = await verdict.textContent();
    expect(text).toContain('Wrong bearer token (HTTP 401 Unauthorized)');
    expect(text).toContain('Suggested action: Check the credentials in the back office');

    await chooseActiveProfile(page, 'QA test');
    await openArea(page, 'Orders');
    await page.getByRole('button', { name: 'Create a test order' }).click();
    await page.getByRole('button', { name: 'Send (Ctrl+Enter)' }).click();
    const problem = page.getByTestId('call-problem');
    await problem.waitFor();
    const problemText = await problem.textContent();
    expect(problemText).toContain('HTTP 401 Unauthorized');
    expect(problemText).toContain('Check the credentials in the back office and create a new token if needed');
    await saveScreenshot(page, 'profiles-wrong-token-401');
    await expectNoSecretsInPage(session, typed);
  });

  it('tells a wrong client id (403) and an unreachable host apart in Test connection', async () => {
    const { page } = session;
    const simulator = session.core.simulator!;
    const sandbox = await session.core.profiles.connection('sandbox-a');
    const settings = {
      environment: 'test',
      baseUrl: simulator.url,
      pathPrefix: simulator.basePath,
      version: simulator.version,
      terminalId: '1000001',
      variant: 'A',
      clientIdHeader: simulator.clientIdHeader,
    };
    await openArea(page, 'Profiles');
    // Set up through the core: this test is about the verdicts, the editor is covered above.
    const wrongClient = await session.core.dispatch('profiles.save', {
      settings: { ...settings, name: 'Wrong client' },
      secrets: { bearerToken: sandbox.bearerToken, clientId: 'not-our-client-id-0000' },
    });
    const nowhere = await session.core.dispatch('profiles.save', {
      settings: { ...settings, name: 'Nowhere', baseUrl: 'http://127.0.0.1:9' },
      secrets: { bearerToken: 'nowhere-token-1111', clientId: 'nowhere-client-2222' },
    });
    expect([wrongClient.ok, nowhere.ok]).toEqual([true, true]);
    // The open list follows main's profiles.changed push event: no navigation needed.
    await page.getByRole('button', { name: 'Test connection for Wrong client' }).click();
    const forbidden = page.locator('[data-testid^="connection-verdict-"]').filter({ hasText: 'HTTP 403' });
    await forbidden.waitFor();
    expect(await forbidden.textContent()).toContain('Wrong client id (HTTP 403 Forbidden)');
    expect(await forbidden.textContent()).toContain('Suggested action: Check the client id');

    await page.getByRole('button', { name: 'Test connection for Nowhere' }).click();
    const unreachable = page.locator('[data-testid^="connection-verdict-"]').filter({ hasText: 'unreachable' });
    await unreachable.waitFor();
    expect(await unreachable.textContent()).toContain('Gateway unreachable');
    await saveScreenshot(page, 'profiles-connection-verdicts');
    await expectNoSecretsInPage(session, [
      ...typed,
      'not-our-client-id-0000',
      'nowhere-token-1111',
      'nowhere-client-2222',
    ]);
  });

  it('asks for the typed profile name before an order goes to production', async () => {
    const { page } = session;
    await openArea(page, 'Profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    await fillProfile({ name: 'Prod EU', environment: 'Production', token: PROD_TOKEN, clientId: PROD_CLIENT_ID });
    await chooseActiveProfile(page, 'Prod EU');
    await expect(page.getByTestId('production-banner').textContent()).resolves.toContain('Prod EU');

    await openArea(page, 'Orders');
    const calls = watchOrderCalls(session);
    if (await page.getByRole('button', { name: 'Create a test order' }).isVisible())
      await page.getByRole('button', { name: 'Create a test order' }).click();
    const send = page.getByRole('button', { name: 'Send to production (Ctrl+Enter)' });
    // The send button wears production red.
    await expect(send.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe('rgb(220, 38, 38)');
    await send.click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm production order' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Send to production' });
    await dialog.getByLabel(/Type the profile name/).fill('Prod E');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    expect(calls.posted).toHaveLength(0);
    await saveScreenshot(page, 'profiles-production-confirmation');

    await dialog.getByLabel(/Type the profile name/).fill('Prod EU');
    await confirm.click();
    await page.getByTestId('order-result').waitFor();
    await page.getByTestId('call-problem').waitFor();
    calls.stop();
    expect(calls.posted).toHaveLength(1);
    expect(JSON.parse(calls.posted[0]!)).toMatchObject({
      input: { confirmation: { profileName: 'Prod EU', amount: 10.5 } },
    });
    // It reached the gateway (which does not know this made-up token): main accepted the confirmation.
    expect(calls.exchanges).toHaveLength(1);
    await expectNoSecretsInPage(session, typed);
    expect(session.pageErrors).toEqual([]);
  });

  it('deletes a profile after a confirmation, and its secrets with it', async () => {
    const { page } = session;
    await openArea(page, 'Profiles');
    await page.getByRole('button', { name: 'Delete QA test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('tr', { hasText: 'QA test' }).waitFor({ state: 'detached' });
    expect((await session.core.profiles.list()).map((p) => p.name)).not.toContain('QA test');
    await expectNoSecretsInPage(session, typed);
  });
});
