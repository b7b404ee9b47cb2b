import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode } from '../../src-main/host/browser-mode';
import { launchChromium } from '../support/chromium';
async function main() {
  const running = await startBrowserMode({ port: 0, userDataDir: mkdtempSync(join(tmpdir(), 'x-')), credentials: new MemoryStore() });
  const browser = await launchChromium();
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await page.addInitScript(() => { (window as any).__init = performance.now(); });
  await page.goto(running.host.url);
  await page.waitForTimeout(3000);
  console.log(await page.evaluate(() => (window as any).__init), await page.getByTestId('app-mode').count(), (await page.content()).slice(0, 600));
  await browser.close(); await running.close(); process.exit(0);
}
main();
