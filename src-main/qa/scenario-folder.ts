/**
 * The team's scenario folder on disk: where added and imported scenario files are kept (so they survive
 * a restart), read on every library listing and watched for changes (an editor, a `git pull`). By default
 * `scenarios/` in the user-data folder; the user may point it elsewhere (a git repository), and main keeps
 * that choice in `qa-settings.json`. The built-in library is never in it and never written.
 *
 * Names of files are data: a name to save under is a plain relative path inside the folder (no `..`, no
 * absolute path, no hidden segment, a scenario extension); files found on disk are only read, never run as
 * anything but a scenario, and symbolic links are not followed out of the folder.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { ConsoleFailure } from '@shared/result';
import { readTextIfExists, writeFileAtomic } from '../common/atomic-file';
import { logger } from '../common/logger';
import { FORBIDDEN_KEYS } from './safe-keys';
import type { Scenario } from './scenario-format';
import { loadScenarioInSlices, MAX_SCENARIO_CHARS, ScenarioLoadError, type ScenarioProblem } from './scenario-loader';

export const SCENARIO_FILE = /\.(ya?ml|json)$/i;
export const QA_SETTINGS_FILE = 'qa-settings.json';
/** Files and folders visited at most: a folder pointed at `/` does not read the whole disk. */
const MAX_ENTRIES = 5_000;
const WATCH_SETTLE_MS = 200;

/** Why a folder setting or a file name was refused: the renderer words it by this reason. */
export type ScenarioFolderRefusal = 'not-absolute' | 'not-a-folder' | 'bad-name' | 'name-taken';

const refuse = (reason: ScenarioFolderRefusal, message: string, path: string): ConsoleFailure =>
  new ConsoleFailure('invalid-input', message, { reason, path });

/**
 * A name to save a scenario under, as a relative path with `/` separators, or a refusal: the name comes
 * from the renderer (typed or a picked file's name) and must not leave the folder.
 */
export function scenarioFileName(name: string): string {
  const segments = name
    .trim()
    .split(/[\\/]+/)
    .filter((segment) => segment !== '' && segment !== '.');
  const bad =
    isAbsolute(name.trim()) ||
    /^[a-z]:/i.test(name.trim()) ||
    segments.length === 0 ||
    segments.some(
      (segment) =>
        segment === '..' ||
        segment.startsWith('.') ||
        FORBIDDEN_KEYS.has(segment) ||
        // eslint-disable-next-line no-control-regex
        /[\u0000-\u001f\u007f:*?"<>|]/.test(segment),
    ) ||
    !SCENARIO_FILE.test(segments[segments.length - 1]!);
  if (bad)
    throw refuse(
      'bad-name',
      `"${name}" is not a scenario file name: use a plain name inside the scenario folder ending in .yaml, .yml or .json (no "..", no hidden or absolute path)`,
      name,
    );
  return segments.join('/');
}

export class ScenarioFolder {
  private watcher: FSWatcher | null = null;
  private settle: NodeJS.Timeout | null = null;
  private listener: (() => void) | null = null;
  /** Bumped by close(): a watch() still awaiting the folder when the console closed must not start. */
  private generation = 0;

  constructor(
    private readonly userDataDir: string,
    private readonly defaultDir = join(userDataDir, 'scenarios'),
  ) {}

  private get settingsPath(): string {
    return join(this.userDataDir, QA_SETTINGS_FILE);
  }

  /** The folder in use: the saved choice, or the default (an unreadable settings file means the default). */
  async dir(): Promise<{ path: string; isDefault: boolean }> {
    const text = await readTextIfExists(this.settingsPath).catch(() => null);
    let saved: unknown = null;
    try {
      saved = text === null ? null : (JSON.parse(text) as { scenarioFolder?: unknown }).scenarioFolder;
    } catch {
      logger.warn(`${QA_SETTINGS_FILE} is not valid JSON: the default scenario folder is used`);
    }
    return typeof saved === 'string' && isAbsolute(saved)
      ? { path: saved, isDefault: false }
      : { path: this.defaultDir, isDefault: true };
  }

  /** Points the library at another folder (absolute, an existing folder); null goes back to the default. */
  async setDir(path: string | null): Promise<{ path: string; isDefault: boolean }> {
    if (path !== null) {
      if (!isAbsolute(path))
        throw refuse('not-absolute', `The scenario folder must be an absolute path (got "${path}").`, path);
      const info = await stat(path).catch(() => null);
      if (!info?.isDirectory())
        throw refuse('not-a-folder', `"${path}" is not an existing folder: create it first, then choose it.`, path);
    }
    await writeFileAtomic(this.settingsPath, `${JSON.stringify({ scenarioFolder: path ? resolve(path) : null })}\n`);
    if (this.listener) await this.watch(this.listener);
    return this.dir();
  }

  /** Every scenario file in the folder (sub-folders too, hidden ones skipped), with each file's problems. */
  async load(): Promise<{ scenarios: Scenario[]; problems: ScenarioProblem[] }> {
    const { path: root } = await this.dir();
    const scenarios: Scenario[] = [];
    const problems: ScenarioProblem[] = [];
    const files: string[] = [];
    let visited = 0;
    const walk = async (relative: string): Promise<void> => {
      const entries = await readdir(join(root, relative), { withFileTypes: true }).catch(() => []);
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (++visited > MAX_ENTRIES || entry.name.startsWith('.')) continue;
        const name = relative ? `${relative}/${entry.name}` : entry.name;
        // Links are not followed: a file in the folder cannot make the console read one outside it.
        if (entry.isDirectory()) await walk(name);
        else if (entry.isFile() && SCENARIO_FILE.test(entry.name)) files.push(name);
      }
    };
    await walk('');
    for (const name of files) {
      const full = join(root, ...name.split('/'));
      const problem = (message: string): ScenarioProblem => ({
        kind: 'not-a-scenario',
        file: name,
        line: 1,
        column: 1,
        field: '',
        message,
      });
      try {
        const info = await stat(full);
        // Checked before reading: a huge file is refused without loading it into memory.
        if (info.size > MAX_SCENARIO_CHARS * 4) {
          problems.push(
            problem(
              `the file has ${info.size} bytes; a scenario file may have at most ${MAX_SCENARIO_CHARS} characters`,
            ),
          );
          continue;
        }
        scenarios.push(await loadScenarioInSlices(name, await readFile(full, 'utf8')));
      } catch (error) {
        if (error instanceof ScenarioLoadError) problems.push(...error.problems);
        else problems.push(problem(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`));
      }
    }
    return { scenarios, problems };
  }

  /**
   * Keeps a checked scenario's text in the folder under `name` (already checked with scenarioFileName).
   * An existing file is only replaced when the user said so: nothing stored is lost by accident.
   */
  async save(name: string, text: string, replace: boolean): Promise<void> {
    const { path: root } = await this.dir();
    const full = join(root, ...name.split('/'));
    if (!resolve(full).startsWith(resolve(root) + sep))
      throw refuse('bad-name', `"${name}" is outside the scenario folder`, name);
    if (!replace && (await stat(full).catch(() => null)))
      throw refuse(
        'name-taken',
        `The scenario folder already has a file "${name}": choose another name, or replace it on purpose.`,
        name,
      );
    await mkdir(root, { recursive: true });
    await writeFileAtomic(full, text);
  }

  /** Calls `onChange` (settled) when a file in the folder changes; follows a change of folder. */
  async watch(onChange: () => void): Promise<void> {
    this.close();
    const ticket = this.generation;
    this.listener = onChange;
    const { path } = await this.dir();
    await mkdir(path, { recursive: true }).catch(() => undefined);
    // Closed (or watched anew) meanwhile: a watcher started now would outlive the console and keep a
    // finished CLI command's process alive.
    if (ticket !== this.generation) return;
    try {
      this.watcher = watch(path, { recursive: true }, () => {
        if (this.settle) clearTimeout(this.settle);
        this.settle = setTimeout(() => {
          this.settle = null;
          this.listener?.();
        }, WATCH_SETTLE_MS);
      });
      this.watcher.on('error', (error) => logger.warn('scenario folder watch stopped', error));
    } catch (error) {
      logger.warn('scenario folder cannot be watched; the library is re-read when the screen asks', error);
    }
  }

  close(): void {
    this.generation += 1;
    this.listener = null;
    this.watcher?.close();
    this.watcher = null;
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
  }
}
