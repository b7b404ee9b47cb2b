/**
 * Time is the world's time (issue 26 §4), in real Chromium against browser mode and the embedded
 * simulator: once the Sandbox clock has moved, the Orders card's countdown runs on the Sandbox clock (the
 * expiry in the answer is in Sandbox time), agrees with the Simulator screen, and says which clock it is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createOrderThroughUi, openArea } from '../support/console-actions';

/** Seconds left in "· expires in 1 h 29:58" / "· expires in 29:58". */
function cardSecondsLeft(text: string): number {
  const match = /expires in (?:(\d+) h )?(\d{2}):(\d{2})/.exec(text);
  if (!match) throw new Error(`no countdown in "${text}"`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Seconds left in the Simulator's "in 1 h 29 min 50 s" / "in 29 min". */
function simulatorSecondsLeft(text: string): number {
  const match = /in (?:(\d+) d )?(?:(\d+) h ?)?(?:(\d+) min ?)?(?:(\d+) s)?/.exec(text);
  if (!match || match[0] === 'in ') throw new Error(`no remaining time in "${text}"`);
  const [, d, h, min, s] = match.map((part) => Number(part ?? 0));
  return d! * 86_400 + h! * 3600 + min! * 60 + s!;
}

describe('World time (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('countdown uses the wall clock while the expiry is in Sandbox time: after +1 h the Orders card agrees with the Simulator and says "Sandbox time, +1 h"', async () => {
    const page = session.page;
    await openArea(page, 'Simulator');
    await page.getByRole('button', { name: 'Advance clock +1 h' }).click();
    await page
      .getByTestId('clock-outcome')
      .getByText(/^Moved \+1 h/)
      .waitFor();

    const transactionId = await createOrderThroughUi(page, 'Sandbox · Variant A');
    const countdown = page.getByTestId('expiry-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/expires in/);
    const card = cardSecondsLeft((await countdown.textContent()) ?? '');
    // The simulator gives an order 30 minutes: on the wall clock it showed 1 h 30 min.
    expect(card).toBeLessThanOrEqual(30 * 60);
    expect(card).toBeGreaterThan(25 * 60);
    const result = page.getByTestId('order-result');
    expect(await result.getByTestId('world-time').first().textContent()).toBe('Sandbox time, +1 h');

    await openArea(page, 'Simulator');
    const row = page.locator(`tr[data-transaction="${transactionId}"]`);
    await row.waitFor();
    const simulator = simulatorSecondsLeft((await row.locator('td .muted').last().textContent()) ?? '');
    // Both count down to the same instant on the same clock (read a few seconds apart, and the
    // Simulator's hint is rounded to minutes past the first).
    expect(Math.abs(simulator - card)).toBeLessThan(90);
    const header = page.getByRole('columnheader', { name: /Expiry/ });
    expect(await header.getByTestId('world-time').textContent()).toBe('Sandbox time, +1 h');

    // The Multibanco reference's "pay before" is in Sandbox time too, and says so.
    await openArea(page, 'Orders');
    await result.getByRole('button', { name: 'Generate Multibanco reference' }).click();
    const reference = result.getByRole('region', { name: 'Multibanco reference' });
    await reference.waitFor();
    expect(await reference.getByTestId('world-time').textContent()).toBe('Sandbox time, +1 h');
    expect(session.pageErrors).toEqual([]);
  });

  it('a Sandbox on real time puts no label next to its times', async () => {
    const page = session.page;
    await openArea(page, 'Simulator');
    // Reset puts the Sandbox clock back to real time.
    await session.core.simulator!.control.reset();
    expect(session.core.simulator!.control.clockView().offsetSeconds).toBe(0);
    await createOrderThroughUi(page, 'Sandbox · Variant A');
    const countdown = page.getByTestId('expiry-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/expires in/);
    expect(cardSecondsLeft((await countdown.textContent()) ?? '')).toBeGreaterThan(25 * 60);
    expect(await page.getByTestId('order-result').getByTestId('world-time').count()).toBe(0);
  });
});
