import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The project root: the nearest folder above this module holding package.json (source or built). */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Same folder Electron's app.getPath('userData') uses on Linux, so both modes share profiles. */
export function defaultUserDataDir(): string {
  if (process.env.GATEWAY_CONSOLE_USER_DATA) return process.env.GATEWAY_CONSOLE_USER_DATA;
  const configHome = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(configHome, 'Gateway Console');
}

export function defaultRendererDir(): string {
  return process.env.GATEWAY_CONSOLE_RENDERER_DIR || join(projectRoot(), 'out', 'renderer');
}
