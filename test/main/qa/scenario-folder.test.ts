/**
 * Issue 27 (QA tester, item 2): scenario files live in a folder on disk — kept across restarts, watched
 * for changes, changeable in Settings — and the names and folders given to main never leave that folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { ScenarioFolder } from '../../../src-main/qa/scenario-folder';

const scenario = (name: string) =>
  `format: gateway-console/scenario@1\nname: ${name}\nvariant: A\nsteps:\n  - create: {}\n`;

type Harness = Awaited<ReturnType<typeof startCore>>;
const names = async (harness: Harness): Promise<string[]> =>
  (await harness.call('qa.scenarios')).scenarios.map((item: { name: string }) => item.name);
const failure = async (harness: Harness, method: string, input: unknown) => {
  const result = await harness.core.dispatch(method, input);
  if (result.ok) throw new Error(`${method} was accepted`);
  return result.error as { code: string; message: string; details: { reason: string } };
};

let outside: string;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'gc-outside-'));
});
afterAll(() => rm(outside, { recursive: true, force: true }));

describe('the scenario folder (issue 27)', () => {
  it('a console closed while its folder watch was still starting leaves no watcher behind (a CLI status hung for ever)', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'gc-watch-'));
    try {
      const folder = new ScenarioFolder(userDataDir);
      let changes = 0;
      const starting = folder.watch(() => (changes += 1));
      folder.close();
      await starting;
      await writeFile(join(userDataDir, 'scenarios', 'late.yaml'), scenario('Late'));
      await new Promise((wait) => setTimeout(wait, 600));
      expect(changes).toBe(0);
      expect(folder['watcher']).toBeNull();
    } finally {
      await rm(userDataDir, { recursive: true, force: true });
    }
  });

  it('defect "files added on the Scenarios screen vanish at restart": an added file is in the library after a restart', async () => {
    const first = await startCore();
    try {
      const added = await first.call('qa.addScenario', { file: 'checkout.yaml', text: scenario('Checkout pays') });
      expect(added.added).toMatchObject({ file: 'added/checkout.yaml', name: 'Checkout pays' });
      const folder = await first.call('qa.scenarioFolder');
      expect(folder).toEqual({ path: join(first.userDataDir, 'scenarios'), isDefault: true });
      expect(await readFile(join(folder.path, 'added', 'checkout.yaml'), 'utf8')).toBe(scenario('Checkout pays'));
    } finally {
      await first.close();
    }
    const second = await startCore({ userDataDir: first.userDataDir });
    try {
      expect(await names(second)).toContain('Checkout pays');
      const { runId } = await second.call('qa.run', { files: ['added/checkout.yaml'] });
      await expect.poll(async () => (await second.call('qa.result', { runId })).finishedAt).not.toBeNull();
      expect((await second.call('qa.result', { runId })).counts).toMatchObject({ total: 1, passed: 1 });
    } finally {
      await second.close();
      await second.removeDir();
    }
  }, 30_000);

  it('a file an editor (or git pull) writes into the folder appears, announced by qa.libraryChanged; a broken one is listed as a problem', async () => {
    const harness = await startCore();
    try {
      const { path } = await harness.call('qa.scenarioFolder');
      await mkdir(join(path, 'team'), { recursive: true });
      await writeFile(join(path, 'team', 'refund.yaml'), scenario('Refund from disk'));
      await writeFile(join(path, 'team', 'broken.yaml'), 'format: gateway-console/scenario@1\nname: [\n');
      await expect
        .poll(() => harness.events.some((event) => event.name === 'qa.libraryChanged'), { timeout: 5_000 })
        .toBe(true);
      const library = await harness.call('qa.scenarios');
      expect(library.scenarios).toContainEqual(
        expect.objectContaining({ file: 'team/refund.yaml', folder: 'team', name: 'Refund from disk' }),
      );
      expect(library.problems).toContainEqual(expect.objectContaining({ file: 'team/broken.yaml', kind: 'syntax' }));
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('the folder can be a git repository chosen in Settings; the choice is kept across restarts', async () => {
    const repo = join(outside, 'qa-repo');
    await mkdir(join(repo, 'payments'), { recursive: true });
    execFileSync('git', ['init', '-q', repo]);
    await writeFile(join(repo, 'payments', 'mbway.yaml'), scenario('MB WAY from the repo'));
    const first = await startCore();
    try {
      expect(await first.call('qa.setScenarioFolder', { path: repo })).toEqual({ path: repo, isDefault: false });
      expect(await names(first)).toContain('MB WAY from the repo');
      await first.call('qa.addScenario', { file: 'payments/card.yaml', text: scenario('Card from the screen') });
      expect(await readdir(join(repo, 'payments'))).toEqual(['card.yaml', 'mbway.yaml']);
      // .git is never read as scenarios.
      expect((await first.call('qa.scenarios')).problems).toEqual([]);
    } finally {
      await first.close();
    }
    const second = await startCore({ userDataDir: first.userDataDir });
    try {
      expect(await second.call('qa.scenarioFolder')).toEqual({ path: repo, isDefault: false });
      expect(await names(second)).toEqual(expect.arrayContaining(['MB WAY from the repo', 'Card from the screen']));
      expect(await second.call('qa.setScenarioFolder', { path: null })).toMatchObject({ isDefault: true });
      expect(await names(second)).not.toContain('MB WAY from the repo');
    } finally {
      await second.close();
      await second.removeDir();
    }
  });

  it('as an attacker: names never leave the folder, a relative or missing folder is refused, nothing stored is lost', async () => {
    const harness = await startCore();
    try {
      const { path } = await harness.call('qa.scenarioFolder');
      for (const file of [
        '../escape.yaml',
        'team/../../escape.yaml',
        '/tmp/abs.yaml',
        '.git/hooks/x.yaml',
        'x.sh',
        '__proto__/a.yaml',
      ]) {
        const error = await failure(harness, 'qa.addScenario', { file, text: scenario('Escape') });
        expect(error).toMatchObject({ code: 'invalid-input', details: { reason: 'bad-name' } });
      }
      expect(await readdir(outside)).not.toContain('escape.yaml');
      expect(await names(harness)).not.toContain('Escape');

      await harness.call('qa.addScenario', { file: 'keep.yaml', text: scenario('Original') });
      const taken = await failure(harness, 'qa.addScenario', { file: 'keep.yaml', text: scenario('Other') });
      expect(taken.details.reason).toBe('name-taken');
      const broken = await harness.call('qa.addScenario', {
        file: 'keep.yaml',
        text: 'not: [a scenario',
        replace: true,
      });
      expect(broken.added).toBeNull();
      expect(await readFile(join(path, 'added', 'keep.yaml'), 'utf8')).toBe(scenario('Original'));
      await harness.call('qa.addScenario', { file: 'keep.yaml', text: scenario('Replaced'), replace: true });
      expect(await names(harness)).toContain('Replaced');

      expect((await failure(harness, 'qa.setScenarioFolder', { path: 'relative/dir' })).details.reason).toBe(
        'not-absolute',
      );
      expect((await failure(harness, 'qa.setScenarioFolder', { path: join(outside, 'missing') })).details.reason).toBe(
        'not-a-folder',
      );
      expect(await harness.call('qa.scenarioFolder')).toEqual({ path, isDefault: true });

      // A link in the folder does not make the console read a file outside it.
      await writeFile(join(outside, 'secret.yaml'), scenario('Outside the folder'));
      await symlink(join(outside, 'secret.yaml'), join(path, 'linked.yaml'));
      expect(await names(harness)).not.toContain('Outside the folder');
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });
});
