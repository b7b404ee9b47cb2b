// Architecture rule 11, "layers point down", as one allow-list (docs/architecture.md § "Layers: who may import
// what"; the doc's table and this one say the same thing). Following VS Code's code-layering model, each
// folder names what it MAY import; anything else fails lint. A file belongs to the longest folder listed
// that contains it, and may always import files of its own folder. `@shared/…` and relative specifiers are
// resolved first, so `../core/x` and `../../core/x` are the same import; packages are not layers.

const MAIN_BASE = ['src-shared', 'src-main/common'];
/** What main's modules are built on; the jobs and core use them, never the other way round. */
const MAIN_MODULES = [
  ...MAIN_BASE,
  'src-main/gateway',
  'src-main/simulator',
  'src-main/notifications',
  'src-main/credentials',
  'src-main/security',
  'src-main/shop',
];
/** One job each; core hands them ports, so none of them imports core/ (nor another job). */
const MAIN_JOBS = [
  'src-main/qa',
  'src-main/support',
  'src-main/demo',
  'src-main/record',
  'src-main/orders',
  'src-main/settings',
];
const MAIN_SHELLS = [
  'src-main/host',
  'src-main/ipc',
  'src-main/window',
  'src-main/preload',
  'src-main/cli',
  'src-main/index.ts',
  'src-main/cli.ts',
  'src-main/simulator-standalone.ts',
];

const R = 'src-renderer/src';
const RENDERER_BASE = ['src-shared', `${R}/api`, `${R}/db`, `${R}/i18n`];
const SERVICES = [...RENDERER_BASE, `${R}/services`];
const STORES = [...SERVICES, `${R}/stores`];
const COMPOSABLES = [...STORES, `${R}/composables`];
const COMPONENTS = [...COMPOSABLES, `${R}/components`];

/**
 * @typedef {{ folder: string, mayImport: string[], why: string }} Layer
 * @type {Layer[]}
 */
export const LAYERS = [
  {
    folder: 'src-shared',
    mayImport: ['src-shared'],
    why: 'src-shared is pure code used by both sides and imports neither.',
  },
  {
    folder: 'src-main/common',
    mayImport: MAIN_BASE,
    why: 'common/ holds the helpers every main module uses; it imports only src-shared.',
  },
  ...['gateway', 'simulator', 'notifications', 'credentials', 'security', 'shop'].map((name) => ({
    folder: `src-main/${name}`,
    mayImport: MAIN_MODULES,
    why: 'core/ and the jobs are built on this module; shared helpers belong in common/.',
  })),
  ...MAIN_JOBS.map((folder) => ({
    folder,
    mayImport: [...MAIN_MODULES, folder],
    why: 'a job gets what it needs from core/ as ports; helpers shared by jobs belong in common/.',
  })),
  {
    folder: 'src-main/core',
    mayImport: [...MAIN_MODULES, ...MAIN_JOBS, 'src-main/core', 'package.json'],
    why: 'core/ wires the modules and the jobs together; the shells (host, ipc, window, cli) sit on top of it.',
  },
  ...MAIN_SHELLS.map((folder) => ({
    folder,
    mayImport: [...MAIN_MODULES, ...MAIN_JOBS, 'src-main/core', ...MAIN_SHELLS],
    why: 'a shell wraps core/; it never reaches into the renderer.',
  })),
  {
    folder: `${R}/api`,
    mayImport: ['src-shared', `${R}/api`],
    why: 'api/ is the only code that talks to main, through the ConsoleApi contract.',
  },
  {
    folder: `${R}/db`,
    mayImport: ['src-shared', `${R}/db`],
    why: "db/ is the browser's storage; it knows no screen, store or text.",
  },
  {
    folder: `${R}/i18n`,
    mayImport: ['src-shared', `${R}/db`, `${R}/i18n`],
    why: 'i18n/ turns codes into text; it holds no state of its own.',
  },
  {
    folder: `${R}/services`,
    mayImport: SERVICES,
    why: 'services/ is logic shared by features and stores, below the stores.',
  },
  {
    folder: `${R}/stores`,
    mayImport: STORES,
    why: 'stores sit below every screen: never a feature, a component or a composable.',
  },
  {
    folder: `${R}/composables`,
    mayImport: COMPOSABLES,
    why: 'composables serve components and features; they never import them.',
  },
  {
    folder: `${R}/components`,
    mayImport: COMPONENTS,
    why: 'components are shared by the features; they never import one.',
  },
  {
    folder: `${R}/features`,
    mayImport: COMPONENTS,
    why: 'a feature imports the shared layers and its own folder, never another feature.',
  },
  {
    folder: R,
    mayImport: [...COMPONENTS, `${R}/features`, `${R}/App.vue`, `${R}/AppShell.vue`, `${R}/router.ts`],
    why: 'the shell (main.ts, App.vue, router.ts) composes the features.',
  },
  {
    folder: 'src-renderer',
    mayImport: ['src-shared', 'src-renderer'],
    why: 'the renderer talks to main only through the ConsoleApi contract (src-shared).',
  },
];

const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** The layer `path` belongs to: the longest listed folder containing it (undefined outside the layers). */
export function layerOf(path) {
  let best;
  for (const layer of LAYERS)
    if (inside(path, layer.folder) && (!best || layer.folder.length > best.folder.length)) best = layer;
  return best;
}

/** A feature's own folder (`features/<name>`), which it may import from freely. */
const ownFolder = (path) => {
  const feature = /^src-renderer\/src\/features\/[^/]+/.exec(path);
  return feature ? feature[0] : undefined;
};

/**
 * Why `from` may not import `target` (both project-relative), or undefined when it may. Files outside
 * every layer (tests, scripts) are not checked.
 */
export function forbiddenImport(from, target) {
  const layer = layerOf(from);
  if (!layer) return undefined;
  const own = ownFolder(from);
  if (own && inside(target, own)) return undefined;
  return layer.mayImport.some((folder) => inside(target, folder)) ? undefined : layer;
}
