import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ConsoleSession } from '../support/browser-mode';

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
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: area }).click();
  await page.getByRole('heading', { name: area, exact: true }).waitFor();
}

export async function chooseActiveProfile(page: Page, name: string): Promise<void> {
  const select = page.getByLabel('Active profile');
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value ?? '');
}
