/**
 * Issue 27 item 4: a browser-mode tab notices on its own when the console host stops, and a tab left
 * open across a restart says so and points to the new address, instead of failing each click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRendererDir } from '../../src-main/core/paths';
import { startHost, type RunningHost } from '../../src-main/host/host-server';
import { openConsole, type ConsoleSession } from '../support/browser-mode';

describe('host connection banner (issue 27 item 4)', () => {
  let session: ConsoleSession;
  let restarted: RunningHost | null = null;
  beforeAll(async () => {
    session = await openConsole();
  });
  afterAll(async () => {
    await restarted?.close();
    await session?.close();
  });

  it('host disconnected: a banner appears when the host stops, before the next click, then the stale tab says the console restarted', async () => {
    const { page } = session;
    await page.getByTestId('app-mode').waitFor();
    const banner = page.getByTestId('host-connection');
    expect(await banner.count()).toBe(0);

    await session.host.close();
    // Nothing is clicked: the page learns it from the event stream.
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.textContent()).toContain('Host disconnected');

    // The console restarts on the same address with a new session token: this tab holds the old one.
    restarted = await startHost({ core: session.core, rendererDir: defaultRendererDir(), port: session.host.port });
    await expect
      .poll(() => banner.textContent(), { timeout: 20_000 })
      .toContain('The console restarted — open the new address');

    // A click now still names the cause (and the banner stays the restarted one).
    await page.getByRole('link', { name: 'History', exact: true }).click();
    expect(await banner.textContent()).toContain('The console restarted');
  });
});
