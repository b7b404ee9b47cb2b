// ESLint rules for architecture rule 11 ("layers point down"; docs/architecture.md#layers-who-may-import-what).
// `layer-boundaries` checks every import against the allow-list in ./layers.mjs; `no-import-cycles` fails an
// import that leads, through other project files, back to the file importing it. Both resolve relative,
// `@shared/` and `src-…/` specifiers to project-relative paths first, so a new nesting level or an alias
// cannot slip past a pattern. Type-only imports count: they couple the layers just the same.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { forbiddenImport } from './layers.mjs';

const DOC = 'architecture rule 11, docs/architecture.md#layers-who-may-import-what';

/** Project-relative, `/`-separated path of `specifier` imported from `filename`, or undefined for packages. */
export function resolveSpecifier(specifier, filename, root) {
  let absolute;
  if (specifier.startsWith('.')) absolute = resolve(dirname(filename), specifier);
  else if (specifier.startsWith('@shared/') || specifier === '@shared') {
    absolute = resolve(root, 'src-shared', specifier.slice('@shared'.length).replace(/^\//, ''));
  } else if (/^src-(main|renderer|shared)(\/|$)/.test(specifier)) absolute = resolve(root, specifier);
  else if (isAbsolute(specifier)) absolute = specifier;
  else return undefined;
  return relative(root, absolute).split(sep).join('/');
}

const EXTENSIONS = ['', '.ts', '.vue', '.mts', '.mjs', '.js', '/index.ts'];

/** The file a resolved path names on disk (an import may leave out `.ts` or `/index.ts`), or undefined. */
function fileOf(path, root) {
  for (const extension of EXTENSIONS) {
    const candidate = resolve(root, path + extension);
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split(sep).join('/');
  }
  return undefined;
}

/** Every module specifier written in a source file (static, re-export, side-effect and dynamic imports). */
const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"\n]+)['"]|import\(\s*['"]([^'"\n]+)['"]\s*\)/gm;

/** Imports of files on disk, keyed by project-relative path and refreshed when a file changes. */
const diskImports = new Map();

function importsOnDisk(file, root) {
  const absolute = resolve(root, file);
  const mtime = statSync(absolute).mtimeMs;
  const cached = diskImports.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const targets = [];
  for (const match of readFileSync(absolute, 'utf8').matchAll(SPECIFIERS)) {
    const path = resolveSpecifier(match[1] ?? match[2], absolute, root);
    const target = path === undefined ? undefined : fileOf(path, root);
    if (target) targets.push(target);
  }
  diskImports.set(file, { mtime, targets });
  return targets;
}

/** A path of imports from `start` back to `file` (both included), or undefined when there is none. */
function pathBack(start, file, root) {
  const seen = new Set([start]);
  const parent = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOnDisk(current, root)) {
      if (next === file) {
        const path = [current];
        while (parent.has(path[0])) path.unshift(parent.get(path[0]));
        return [...path, file];
      }
      if (seen.has(next)) continue;
      seen.add(next);
      parent.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

/** Calls `check` with the source literal of every import, re-export and dynamic import. */
const visitImports = (check) => ({
  ImportDeclaration: (node) => check(node.source),
  ExportNamedDeclaration: (node) => check(node.source),
  ExportAllDeclaration: (node) => check(node.source),
  ImportExpression: (node) => check(node.source),
});

const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);

/** @type {import('eslint').Rule.RuleModule} */
export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Allow only the imports each folder lists in scripts/eslint/layers.mjs (architecture rule 11).',
    },
    schema: [],
    messages: {
      forbidden: "'{{specifier}}' ({{target}}) is not among what {{folder}}/ may import: {{why}} ({{doc}})",
    },
  },
  create(context) {
    const root = context.cwd;
    const from = relative(root, context.filename).split(sep).join('/');
    return visitImports((node) => {
      const specifier = literal(node);
      if (specifier === undefined) return;
      const path = resolveSpecifier(specifier, context.filename, root);
      if (path === undefined) return;
      // The file on disk when there is one (`./router` is router.ts); the written path otherwise.
      const target = fileOf(path, root) ?? path;
      const layer = forbiddenImport(from, target);
      if (layer) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { specifier, target, folder: layer.folder, why: layer.why, doc: DOC },
        });
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that leads back to the importing file (architecture rule 11).' },
    schema: [],
    messages: {
      cycle:
        "'{{specifier}}' closes an import cycle: {{cycle}}. Move what both need to a lower module or pass it in as a port ({{doc}})",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    return visitImports((node) => {
      const specifier = literal(node);
      if (specifier === undefined) return;
      const path = resolveSpecifier(specifier, context.filename, root);
      const target = path === undefined ? undefined : fileOf(path, root);
      if (target === undefined) return;
      const back = target === file ? [file] : pathBack(target, file, root);
      if (back) {
        context.report({ node, messageId: 'cycle', data: { specifier, cycle: [file, ...back].join(' → '), doc: DOC } });
      }
    });
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries, 'no-import-cycles': noImportCycles } };
