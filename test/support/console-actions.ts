import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ConsoleSession } from './browser-mode';
import { GatewayClient, RequestSender } from '../../src-main/gateway';

/** Every secret main holds for the session's profiles (bearer tokens and client ids), plus extra ones typed in tests. */
export async function knownSecrets(session: ConsoleSession, extra: string[] = []): Promise<string[]> {
  const secrets = new Set(extra);
  for (const profile of await session.core.profiles.list()) {
    const connection = await session.core.profiles.connection(profile.id).catch(() => null);
    for (const value of [connection?.bearerToken, connection?.clientId]) if (value) secrets.add(value);
  }
  return [...secrets];
}

/** The page's HTML carries no secret, whole (the last four characters may show as "ends in …"). */
export async function expectNoSecretsInPage(session: ConsoleSession, extra: string[] = []): Promise<void> {
  const html = await session.page.content();
  const secrets = await knownSecrets(session, extra);
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(html, 'a secret reached the DOM').not.toContain(secret);
}

/** Counts `orders.create` calls leaving the page and exchanges the core records. */
export function watchOrderCalls(session: ConsoleSession) {
  const posted: string[] = [];
  const exchanges: string[] = [];
  session.page.on('request', (request) => {
    if (request.url().includes('/api/call/orders.create')) posted.push(request.postData() ?? '');
  });
  const unsubscribe = session.core.events.subscribe((name, payload) => {
    if (name === 'exchanges.recorded') exchanges.push((payload as { id: string }).id);
  });
  return { posted, exchanges, stop: unsubscribe };
}

export async function openArea(page: Page, area: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area, exact: true }).click();
  await page.getByRole('heading', { name: area, exact: true }).waitFor();
}

/** Adds a scenario on the Scenarios screen as a tester types it, and waits until the screen says it was added. */
export async function addScenario(page: Page, file: string, text: string, name: string): Promise<void> {
  await page.getByLabel('File name').fill(file);
  await page.getByLabel('Scenario (YAML or JSON)').fill(text);
  await page.getByRole('button', { name: 'Check and add' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Added “${name}”.` })
    .waitFor();
}

export async function chooseActiveProfile(page: Page, name: string): Promise<void> {
  const select = page.getByLabel('Active profile');
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value ?? '');
}

/** A minimal valid Variant A order for the Sandbox (REFERENCE and MB WAY, 10.50 EUR). */
export const sandboxOrder = (merchantTransactionId: string, description = 'E2E order') => ({
  merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId },
  transaction: {
    transactionTimestamp: new Date().toISOString(),
    description,
    moto: false,
    paymentType: 'PURS',
    paymentMethod: ['REFERENCE', 'MBWAY'],
    amount: { value: 10.5, currency: 'EUR' },
  },
});

/** Creates a Sandbox order through the core (as any caller would) and returns its transactionID. */
export async function createSandboxOrder(session: ConsoleSession, merchantTransactionId: string): Promise<string> {
  const result = await session.core.dispatch('orders.create', {
    profileId: 'sandbox-a',
    order: sandboxOrder(merchantTransactionId),
  });
  if (!result.ok) throw new Error(result.error.message);
  const id = (result.value as { exchange: { transactionID: string | null } }).exchange.transactionID;
  if (!id) throw new Error('The simulator created no transaction');
  return id;
}

/**
 * Creates a Sandbox order the way a merchant's shop would: straight to the gateway with the profile's
 * credentials, not through the console, which therefore has no record of it (a support ticket's transaction).
 */
export async function createShopOrder(session: ConsoleSession, merchantTransactionId: string): Promise<string> {
  const sender = new RequestSender();
  try {
    const connection = await session.core.profiles.connection('sandbox-a');
    const created = await new GatewayClient(sender).createOrder(connection, sandboxOrder(merchantTransactionId));
    if (!created.exchange.transactionID) throw new Error('The simulator created no transaction');
    return created.exchange.transactionID;
  } finally {
    await sender.close();
  }
}

/** Orders → active profile → a fresh prefilled draft → Send; returns the new transaction's id. */
export async function createOrderThroughUi(page: Page, profile: string): Promise<string> {
  await chooseActiveProfile(page, profile);
  await openArea(page, 'Orders');
  const create = page.getByRole('button', { name: 'Create a test order' });
  const fresh = page.getByRole('button', { name: 'New order' });
  await create.or(fresh).first().waitFor();
  await ((await create.isVisible()) ? create : fresh).click();
  const previous = await page
    .getByTestId('transaction-id')
    .textContent({ timeout: 100 })
    .catch(() => null);
  await page.getByRole('button', { name: 'Send (Ctrl+Enter)' }).click();
  const id = page.getByTestId('transaction-id');
  await expect.poll(() => id.textContent(), { timeout: 15_000 }).not.toBe(previous);
  const transactionId = (await id.textContent())?.trim() ?? '';
  expect(transactionId).toMatch(/^[A-Za-z0-9_-]{6,36}$/);
  return transactionId;
}
