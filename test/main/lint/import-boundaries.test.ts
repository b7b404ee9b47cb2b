import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = resolve(__dirname, '../../..');
let eslint: ESLint;

/** The `no-restricted-imports` messages ESLint reports for `code` as if it lived at `filePath`. */
const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: resolve(PROJECT_ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' && message.severity === 2)
    .map((message) => message.message);
};

const ELECTRON = "import { app } from 'electron';\n\nexport const name = app.getName();\n";
const KEYTAR = "import keytar from 'keytar';\n\nexport const probe = keytar.findCredentials;\n";

beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

describe('architecture rule 3: Electron and keytar live at the edges (ESLint)', () => {
  it.each([
    'src-main/gateway/request-sender.ts',
    'src-main/core/handlers/app-handlers.ts',
    'src-shared/contract.ts',
    'src-renderer/src/api/index.ts',
  ])('rejects an electron import in %s', async (filePath) => {
    const errors = await boundaryErrors(filePath, ELECTRON);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'electron' import is restricted.*Electron only in src-main/);
  });

  it.each([
    'src-main/window/create-main-window.ts',
    'src-main/ipc/register-ipc-handlers.ts',
    'src-main/preload/index.ts',
    'src-main/index.ts',
  ])('allows an electron import in %s', async (filePath) => {
    expect(await boundaryErrors(filePath, ELECTRON)).toEqual([]);
  });

  it.each([
    'src-main/credentials/open-credential-store.ts',
    'src-main/core/console-core.ts',
    'src-main/window/app-menu.ts',
  ])('rejects a keytar import in %s', async (filePath) => {
    const errors = await boundaryErrors(filePath, KEYTAR);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'keytar' import is restricted.*keytar-store\.ts/);
  });

  it('allows keytar only in credentials/keytar-store.ts, which may not import electron', async () => {
    expect(await boundaryErrors('src-main/credentials/keytar-store.ts', KEYTAR)).toEqual([]);
    expect(await boundaryErrors('src-main/credentials/keytar-store.ts', ELECTRON)).toHaveLength(1);
  });
});

const RULE_AND_DOC = '(architecture rule 11, docs/architecture.md#layers-who-may-import-what)';

/** Messages of one local rule ESLint reports for `code` as if it lived at `filePath`. */
const ruleErrors = async (rule: string, filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: resolve(PROJECT_ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule && message.severity === 2)
    .map((message) => message.message);
};
const layerErrors = (filePath: string, code: string) => ruleErrors('local/layer-boundaries', filePath, code);
const cycleErrors = (filePath: string, code: string) => ruleErrors('local/no-import-cycles', filePath, code);
const importing = (specifier: string) => `import { thing } from '${specifier}';\n\nexport const used = thing;\n`;
const inVue = (code: string) => `<script setup lang="ts">\n${code}</script>\n`;
const codeFor = (filePath: string, specifier: string) =>
  filePath.endsWith('.vue') ? inVue(importing(specifier)) : importing(specifier);

describe('architecture rule 11: each folder imports only what the layer allow-list names (ESLint)', () => {
  it.each([
    ['src-renderer/src/api/index.ts', '../../../src-main/core/logger', 'src-renderer/src/api'],
    [
      'src-renderer/src/features/history/HistoryView.vue',
      '../../../../src-main/gateway/redaction',
      'src-renderer/src/features',
    ],
    ['src-renderer/src/main.ts', 'src-main/host/host-server', 'src-renderer/src'],
    ['src-shared/contract.ts', '../src-main/core/logger', 'src-shared'],
    ['src-shared/gateway/codes.ts', '../../src-renderer/src/db/history-db', 'src-shared'],
    ['src-main/gateway/redaction.ts', '../core/redact-text', 'src-main/gateway'],
    ['src-main/gateway/deeper/nested.ts', '../../core/logger', 'src-main/gateway'],
    ['src-main/simulator/server.ts', '../core/paths', 'src-main/simulator'],
    ['src-main/notifications/receiver.ts', '../core/logger', 'src-main/notifications'],
    ['src-main/credentials/memory-store.ts', '../common/event-bus', undefined],
  ])('%s importing %s', async (filePath, specifier, refusedFolder) => {
    const errors = await layerErrors(filePath, codeFor(filePath, specifier));
    if (refusedFolder === undefined) return expect(errors).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`is not among what ${refusedFolder}/ may import`);
    expect(errors[0]).toContain(RULE_AND_DOC);
  });

  // Each of these passed the old deny-list, which named only four forbidden directions.
  it.each([
    ['main imports renderer code', 'src-main/qa/redact-report.ts', '../../src-renderer/src/db/history-db'],
    ['a job (qa) imports core', 'src-main/qa/test-sessions.ts', '../core/console-core'],
    ['a job imports another job', 'src-main/qa/test-sessions.ts', '../support/case-notes'],
    ['common imports the CLI', 'src-main/common/logger.ts', '../cli/run-cli'],
    [
      'a store imports a feature',
      'src-renderer/src/stores/notifications.ts',
      '../features/notifications/DeliveryList.vue',
    ],
    [
      'a component (AppShell-like) imports a feature',
      'src-renderer/src/components/Frame.vue',
      '../features/qa/ScenariosView.vue',
    ],
    [
      'a feature imports another feature',
      'src-renderer/src/features/support/SupportView.vue',
      '../history/HistoryView.vue',
    ],
    ['a shared service imports a store', 'src-renderer/src/services/download.ts', '../stores/history'],
    ['the i18n layer imports a store', 'src-renderer/src/i18n/locales.ts', '../stores/user-settings'],
    ['a store imports a composable', 'src-renderer/src/stores/history.ts', '../composables/use-now'],
  ])('back-arrow refused: %s (%s → %s)', async (_name, filePath, specifier) => {
    const errors = await layerErrors(filePath, codeFor(filePath, specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(RULE_AND_DOC);
  });

  it('names the rule, the folder, the reason and the doc section in the message', async () => {
    const [message] = await layerErrors(
      'src-renderer/src/stores/history.ts',
      importing('../features/history/HistoryView.vue'),
    );
    expect(message).toBe(
      "'../features/history/HistoryView.vue' (src-renderer/src/features/history/HistoryView.vue) is not among what " +
        'src-renderer/src/stores/ may import: stores sit below every screen: never a feature, a component or a ' +
        `composable. ${RULE_AND_DOC}`,
    );
  });

  it('also catches re-exports and dynamic imports', async () => {
    const code = "export * from '../core/logger';\nexport const load = () => import('../core/paths');\n";
    expect(await layerErrors('src-main/gateway/index.ts', code)).toHaveLength(2);
  });

  it.each([
    ['src-main/core/console-core.ts', '../gateway/redaction'],
    ['src-main/core/console-core.ts', '../qa/test-sessions'],
    ['src-main/gateway/request-sender.ts', './redaction'],
    ['src-main/gateway/request-sender.ts', '@shared/exchange'],
    ['src-main/notifications/receiver.ts', '../credentials/credential-store'],
    ['src-main/qa/test-sessions.ts', '../common/json-document'],
    ['src-main/qa/redact-report.ts', '@shared/redact-export'],
    ['src-main/cli/status-command.ts', '../core/console-core'],
    ['src-renderer/src/api/index.ts', '@shared/contract'],
    ['src-shared/contract.ts', './contract/profiles'],
    ['src-renderer/src/api/index.ts', 'vue'],
    ['src-renderer/src/stores/history.ts', '../services/status-query'],
    ['src-renderer/src/components/AppNotices.vue', '../stores/app-notices'],
    ['src-renderer/src/features/history/HistoryView.vue', './TransferPanel.vue'],
    ['src-renderer/src/features/history/HistoryView.vue', '../../components/inspector/InspectorDrawer.vue'],
    ['src-renderer/src/router.ts', './features/history/HistoryView.vue'],
  ])('allows %s importing %s', async (filePath, specifier) => {
    expect(await layerErrors(filePath, codeFor(filePath, specifier))).toEqual([]);
  });

  it('finds no layer or cycle error in the files that used to break the layers', async () => {
    const files = [
      'src-main/qa/redact-report.ts',
      'src-main/qa/test-sessions.ts',
      'src-main/common/logger.ts',
      'src-renderer/src/stores/notifications.ts',
      'src-renderer/src/stores/order-draft.ts',
      'src-renderer/src/AppShell.vue',
      'src-renderer/src/features/support/SupportView.vue',
    ].map((file) => resolve(PROJECT_ROOT, file));
    const results = await eslint.lintFiles(files);
    const local = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId?.startsWith('local/')),
    );
    expect(local).toEqual([]);
  });
});

describe('architecture rule 11: import cycles fail lint (ESLint)', () => {
  it('refuses a new cycle in simulator/: shopper-steps importing the transaction book that runs it', async () => {
    const errors = await cycleErrors('src-main/simulator/shopper-steps.ts', importing('./transactions'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      "'./transactions' closes an import cycle: src-main/simulator/shopper-steps.ts → src-main/simulator/transactions.ts → src-main/simulator/shopper-steps.ts",
    );
    expect(errors[0]).toContain(RULE_AND_DOC);
  });

  it('refuses a cycle through several files and type-only imports (qa bindings back to the core)', async () => {
    const code = "import type { ConsoleCore } from './console-core';\n\nexport type Core = ConsoleCore;\n";
    const [message] = await cycleErrors('src-main/core/qa-bindings.ts', code);
    expect(message).toMatch(
      /^'\.\/console-core' closes an import cycle: src-main\/core\/qa-bindings\.ts → src-main\/core\/console-core\.ts → .* → src-main\/core\/qa-bindings\.ts/,
    );
  });

  it('refuses the CLI cycle: a command importing run-cli.ts, which imports every command', async () => {
    expect(await cycleErrors('src-main/cli/status-command.ts', importing('./run-cli'))).toHaveLength(1);
    expect(await cycleErrors('src-main/cli.ts', importing('./cli/run-cli'))).toEqual([]);
  });

  it('reports both ends of a cycle between fixture files, and not a file that only imports one end', async () => {
    const withFixtures = new ESLint({ cwd: PROJECT_ROOT, ignore: false });
    const results = await withFixtures.lintFiles(
      ['ledger.ts', 'totals.ts', 'report.ts'].map((name) => resolve(PROJECT_ROOT, 'test/fixtures/lint/cycle', name)),
    );
    const cycles = results.map((result) => ({
      file: result.filePath.split('/').pop(),
      messages: result.messages.filter((m) => m.ruleId === 'local/no-import-cycles').map((m) => m.message),
    }));
    expect(cycles).toEqual([
      {
        file: 'ledger.ts',
        messages: [
          `'./totals' closes an import cycle: test/fixtures/lint/cycle/ledger.ts → test/fixtures/lint/cycle/totals.ts → test/fixtures/lint/cycle/ledger.ts. Move what both need to a lower module or pass it in as a port ${RULE_AND_DOC}`,
        ],
      },
      {
        file: 'totals.ts',
        messages: [expect.stringContaining("'./ledger' closes an import cycle: test/fixtures/lint/cycle/totals.ts →")],
      },
      { file: 'report.ts', messages: [] },
    ]);
  });
});
