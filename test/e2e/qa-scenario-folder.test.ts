/**
 * Issue 27 (QA tester, item 2) in Chromium: a scenario file opened from disk is kept in the scenario
 * folder (it is still there after a reload, read back from main), and Settings shows and checks the folder.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea } from '../support/console-actions';

const FROM_DISK = `format: gateway-console/scenario@1
name: Opened from disk
variant: A
steps:
  - create: {}
`;

describe('Scenarios: files on disk (Chromium, issue 27)', () => {
  let session: ConsoleSession;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gc-e2e-disk-'));
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await session?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('defect "scenario files vanish and YAML must be pasted": a file opened from disk stays in the library after a reload', async () => {
    const page = session.page;
    await openArea(page, 'Scenarios');
    const file = join(dir, 'opened.yaml');
    await writeFile(file, FROM_DISK);
    await page.getByLabel('Open a scenario file from disk').setInputFiles(file);
    await page.getByRole('status').filter({ hasText: 'Added “Opened from disk”.' }).waitFor();
    await page.getByRole('button', { name: 'Run Opened from disk' }).waitFor();

    await page.reload();
    await page.getByTestId('app-mode').waitFor();
    await openArea(page, 'Scenarios');
    await page.getByRole('button', { name: 'Run Opened from disk' }).waitFor({ timeout: 10_000 });

    // Opening it again does not silently overwrite the kept file: main refuses, saying how to replace it.
    await page.getByLabel('Open a scenario file from disk').setInputFiles(file);
    await page.getByRole('alert').filter({ hasText: 'already has a file “added/opened.yaml”' }).waitFor();
  }, 60_000);

  it('Settings shows the default scenario folder and refuses a relative one with the reason', async () => {
    const page = session.page;
    await openArea(page, 'Settings');
    const section = page.getByRole('region', { name: 'Scenario folder' });
    const path = section.getByLabel('Folder (absolute path)');
    await expect.poll(() => path.inputValue()).toMatch(/scenarios$/);
    await section.getByTestId('scenario-folder-default').waitFor();
    await path.fill('relative/folder');
    await section.getByRole('button', { name: 'Use this folder' }).click();
    await section.getByRole('alert').filter({ hasText: 'must be an absolute path' }).waitFor();
    await path.fill(dir);
    await section.getByRole('button', { name: 'Use this folder' }).click();
    await section.getByRole('status').filter({ hasText: 'Scenario folder saved.' }).first().waitFor();
    expect(await section.getByTestId('scenario-folder-default').count()).toBe(0);
  }, 60_000);
});
