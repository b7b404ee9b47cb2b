// ESLint rule for architecture rule 11 ("layers point down"). `no-restricted-imports` only matches the
// import text, so `../core/logger` from one folder and `../../core/logger` from another need separate
// patterns and a new nesting level slips through. This rule resolves each relative or `@shared/`
// specifier to a project-relative path first and then compares folders.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

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

const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** @type {import('eslint').Rule.RuleModule} */
export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that point up or across the layers of architecture rule 11.' },
    schema: [
      {
        type: 'object',
        properties: {
          forbidden: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string' },
        },
        required: ['forbidden', 'reason'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden:
        "'{{specifier}}' reaches into {{folder}}/: {{reason}} (architecture rule 11, docs/architecture.md#layers-who-may-import-what)",
    },
  },
  create(context) {
    const { forbidden, reason } = context.options[0];
    const root = context.cwd;
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolveSpecifier(node.value, context.filename, root);
      if (target === undefined) return;
      const folder = forbidden.find((candidate) => inside(target, candidate));
      if (folder) context.report({ node, messageId: 'forbidden', data: { specifier: node.value, folder, reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries } };
