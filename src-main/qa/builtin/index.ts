/**
 * The built-in scenario library: runs green on the Sandbox out of the box and doubles as the console's
 * own regression suite (`gateway-console run --builtin`). Kept as YAML text in modules so it ships
 * inside the bundled main process; each file reads exactly like a user's scenario file.
 */
import { loadScenario } from '../scenario-loader';
import type { Scenario } from '../scenario-format';
import type { BuiltinFile } from './builtin-file';
import { ERRORS } from './errors';
import { NOTIFICATIONS } from './notifications';
import { VARIANT_A } from './variant-a';
import { VARIANT_B } from './variant-b';

export const BUILTIN_FILES: readonly BuiltinFile[] = [...VARIANT_A, ...VARIANT_B, ...ERRORS, ...NOTIFICATIONS];

let loaded: Scenario[] | null = null;

/** Parsed once; a built-in file that does not load is a bug caught by the library's own test. */
export function builtinScenarios(): Scenario[] {
  loaded ??= BUILTIN_FILES.map(({ file, text }) => loadScenario(file, text));
  return loaded;
}
