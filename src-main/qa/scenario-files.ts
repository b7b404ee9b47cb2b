/** Finds and loads scenario files from paths given on the command line (files, or folders searched recursively). */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadScenarioInSlices, ScenarioLoadError, type ScenarioProblem } from './scenario-loader';
import type { Scenario } from './scenario-format';

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

async function expand(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const out: string[] = [];
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) out.push(...(await expand(full)));
    else if (SCENARIO_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

export async function loadScenarioPaths(
  paths: readonly string[],
  cwd = process.cwd(),
): Promise<{ scenarios: Scenario[]; problems: ScenarioProblem[] }> {
  const scenarios: Scenario[] = [];
  const problems: ScenarioProblem[] = [];
  for (const path of paths) {
    let files: string[];
    try {
      files = await expand(path);
    } catch (error) {
      problems.push({
        kind: 'not-a-scenario',
        file: path,
        line: 1,
        column: 1,
        field: '',
        message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      });
      continue;
    }
    for (const file of files) {
      const shown = relative(cwd, file) || file;
      try {
        scenarios.push(await loadScenarioInSlices(shown, await readFile(file, 'utf8')));
      } catch (error) {
        if (error instanceof ScenarioLoadError) problems.push(...error.problems);
        else throw error;
      }
    }
  }
  return { scenarios, problems };
}
