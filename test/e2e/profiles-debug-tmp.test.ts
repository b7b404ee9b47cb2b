import { afterAll, beforeAll, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea } from './profiles-helpers';

let session: ConsoleSession;
beforeAll(async () => { session = await openConsole(); });
afterAll(async () => { await session?.close(); });

it('debug', async () => {
  const { page } = session;
  await page.evaluate(() => {
    (window as any).__events = [];
  });
  await openArea(page, 'Profiles');
  await page.waitForTimeout(500);
  const sim = session.core.simulator!;
  const r = await session.core.dispatch('profiles.save', { settings: { name: 'X1', environment: 'test', baseUrl: sim.url, terminalId: '1', variant: 'A' } });
  console.log('save', r.ok);
  await page.waitForTimeout(1500);
  console.log(await page.locator('table').first().textContent());
  console.log(session.pageErrors);
});
