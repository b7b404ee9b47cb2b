/**
 * Issue 13's acceptance in real Chromium: for each follow-up kind the Orders screen's card is identical
 * after (a) navigating away and back, (b) reloading the page, and (c) restarting the host with the same
 * user-data folder — and the Sandbox still answers status for those transactions after the restart.
 * The browser (and with it the page's IndexedDB, on the same origin) outlives the host, as a user's does.
 * Each host gets an empty MemoryStore, as on a machine without a keychain: nothing held in secret memory
 * survives, so the Sandbox must answer from what it keeps in the user-data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src-main/core/console-core';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode, type RunningBrowserMode } from '../../src-main/host/browser-mode';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createOrderThroughUi, openArea } from '../support/console-actions';

const SANDBOX_A = 'Sandbox · Variant A';
const SANDBOX_B = 'Sandbox · Variant B';

const followUps = (page: Page): Locator => page.getByRole('region', { name: 'Follow-ups' });

/**
 * What a user sees of the order card: its text and which of its buttons can be pressed — minus the ticking
 * expiry countdown, the progress of a poll (an activity, not a record) and what is typed into inputs.
 */
function cardSnapshot(page: Page): Promise<string> {
  return page.evaluate(() => {
    const card = document.querySelector('[data-testid="order-result"]');
    if (!card) return 'no order card';
    const clone = card.cloneNode(true) as HTMLElement;
    for (const live of clone.querySelectorAll(
      '[data-testid="expiry-countdown"], section[aria-label="Polling"], .n-input',
    ))
      live.remove();
    const buttons = [...card.querySelectorAll('button')].map(
      (button) => `${button.textContent?.trim()}:${button.disabled ? 'off' : 'on'}`,
    );
    return JSON.stringify({ text: clone.textContent?.replace(/\s+/g, ' ').trim(), buttons });
  });
}

/** The card once it stopped changing (push events and history writes settle within a few hundred ms). */
async function settledSnapshot(page: Page): Promise<string> {
  let previous = '';
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const current = await cardSnapshot(page);
    if (current === previous && !current.includes('No follow-up yet')) return current;
    previous = current;
  }
  return previous;
}

interface Kind {
  name: string;
  profile: string;
  profileId: string;
  /** Performs the follow-up on the card just created; resolves once its answer is on the card. */
  act(panel: Locator): Promise<void>;
  /** The payment status the card shows afterwards (and the Sandbox must still answer after a restart). */
  status: string;
  check?(panel: Locator): Promise<void>;
  /** A further step after the restart (the card may change from here on). */
  afterRestart?(panel: Locator): Promise<void>;
}

const KINDS: Kind[] = [
  {
    name: 'Multibanco reference',
    profile: SANDBOX_A,
    profileId: 'sandbox-a',
    status: 'Pending',
    act: async (panel) => {
      await panel.getByRole('button', { name: 'Generate Multibanco reference' }).click();
      await panel.getByTestId('mb-reference').waitFor();
    },
    check: async (panel) => {
      expect(await panel.getByTestId('mb-entity').textContent()).toMatch(/^\d{5}$/);
      expect(await panel.getByRole('button', { name: 'Generate Multibanco reference' }).isDisabled()).toBe(true);
    },
  },
  {
    name: 'MB WAY request',
    profile: SANDBOX_A,
    profileId: 'sandbox-a',
    status: 'Pending',
    act: async (panel) => {
      // The simulator's shopper who never answers: the request stays Pending for the whole test.
      await panel.getByLabel('MB WAY phone').fill('351#912345408');
      await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
      await panel.locator('[data-kind="mbway"][data-succeeded="true"]').waitFor();
    },
    check: async (panel) => {
      await panel.getByLabel('MB WAY phone').fill('351#912345678');
      expect(await panel.getByRole('button', { name: 'Send MB WAY request' }).isDisabled()).toBe(true);
      await panel.getByLabel('MB WAY phone').fill('');
    },
  },
  {
    name: 'status refresh',
    profile: SANDBOX_A,
    profileId: 'sandbox-a',
    status: 'Pending',
    act: async (panel) => {
      await panel.getByRole('button', { name: 'Refresh status (Ctrl+R)' }).click();
      await panel.locator('[data-kind="status"]').waitFor();
    },
    // A money-moving call needs the transaction's signature, kept from before the restart.
    afterRestart: async (panel) => {
      await panel.getByRole('button', { name: 'Generate Multibanco reference' }).click();
      await panel.locator('[data-kind="reference"][data-succeeded="true"]').waitFor();
      await panel.getByTestId('mb-reference').waitFor();
    },
  },
  {
    name: 'poll until final',
    profile: SANDBOX_A,
    profileId: 'sandbox-a',
    status: 'Success',
    act: async (panel) => {
      await panel.getByLabel('MB WAY phone').fill('351#912345678'); // approves after the shopper delay
      await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
      await panel.locator('[data-kind="mbway"][data-succeeded="true"]').waitFor();
      await panel.getByRole('button', { name: 'Poll until final' }).click();
      await panel.getByText('Stopped: Success is a final status.').waitFor({ timeout: 30_000 });
    },
    check: async (panel) => {
      expect(await panel.getByRole('button', { name: 'Poll until final' }).isDisabled()).toBe(true);
    },
  },
  {
    name: 'Variant B action step',
    profile: SANDBOX_B,
    profileId: 'sandbox-b',
    status: 'Success',
    act: async (panel) => {
      await panel.getByRole('button', { name: 'Perform action step' }).click();
      await panel.locator('[data-kind="action"]').waitFor();
    },
    check: async (panel) => {
      expect(await panel.locator('header .payment-status').textContent()).toContain('Success · final');
      expect(await panel.getByRole('button', { name: 'Perform action step' }).count()).toBe(0);
    },
  },
];

async function statusOf(core: ConsoleCore, profileId: string, transactionId: string) {
  const result = await core.dispatch('payments.status', { profileId, transactionId });
  if (!result.ok) return { http: null, status: null, summary: result.error.message };
  const { exchange } = result.value as {
    exchange: { response: { status: number } | null; paymentStatus: string | null; summary: string };
  };
  return { http: exchange.response?.status ?? null, status: exchange.paymentStatus, summary: exchange.summary };
}

describe('the order card survives navigation, reload and restart (Chromium, browser mode)', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'gateway-console-restart-'));
  let session: ConsoleSession;
  /** The host after the latest restart (the first one is the session's). */
  let current: { core: ConsoleCore; close(): Promise<void> };
  const created: { kind: Kind; transactionId: string }[] = [];

  beforeAll(async () => {
    session = await openConsole({
      credentials: new MemoryStore(),
      userDataDir,
      viewport: { width: 1400, height: 1000 },
    });
    await session.page.getByTestId('app-mode').waitFor();
    current = {
      core: session.core,
      close: async () => {
        await session.host.close();
        await session.core.close();
      },
    };
  });
  afterAll(async () => {
    await session?.browser.close().catch(() => {});
    await current?.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
  });

  /** Stops the host and its core, starts new ones on the same port and folder, opens the new URL in the same page. */
  async function restartHost(page: Page): Promise<void> {
    const port = Number(new URL(page.url()).port);
    await current.close();
    const restarted: RunningBrowserMode = await startBrowserMode({
      credentials: new MemoryStore(),
      userDataDir,
      port,
    });
    current = restarted;
    await page.goto(restarted.host.url);
    await page.getByTestId('app-mode').waitFor();
  }

  for (const kind of KINDS)
    it(`${kind.name}: the same card after navigation, reload and restart; the Sandbox still answers`, async () => {
      const page = session.page;
      const transactionId = await createOrderThroughUi(page, kind.profile);
      created.push({ kind, transactionId });
      const panel = followUps(page);
      await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);
      await kind.act(panel);
      await kind.check?.(panel);
      const before = await settledSnapshot(page);
      expect(before).toContain(transactionId);
      expect(before).toContain(kind.status);

      // (a) away to History and back
      await openArea(page, 'History');
      await openArea(page, 'Orders');
      await expect.poll(() => cardSnapshot(page), { timeout: 10_000 }).toBe(before);

      // (b) reload
      await page.reload();
      await page.getByTestId('app-mode').waitFor();
      await openArea(page, 'Orders');
      await expect.poll(() => cardSnapshot(page), { timeout: 10_000 }).toBe(before);

      // (c) restart the host with the same user-data folder
      await restartHost(page);
      await openArea(page, 'Orders');
      await expect.poll(() => cardSnapshot(page), { timeout: 10_000 }).toBe(before);
      await kind.check?.(panel);

      // …and the restarted Sandbox still knows the transaction.
      expect(await statusOf(current.core, kind.profileId, transactionId)).toMatchObject({
        http: 200,
        status: kind.status,
      });
      await kind.afterRestart?.(panel);
      expect(session.pageErrors.filter((e) => !/EventSource|event stream|net::ERR/i.test(e))).toEqual([]);
    }, 120_000);

  it('after all those restarts, the Sandbox answers status for every one of them as before', async () => {
    expect(created).toHaveLength(KINDS.length);
    for (const { kind, transactionId } of created)
      expect(await statusOf(current.core, kind.profileId, transactionId)).toMatchObject({
        http: 200,
        status: kind.status,
      });
  });
});
