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

/** `local/layer-boundaries` messages ESLint reports for `code` as if it lived at `filePath`. */
const layerErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: resolve(PROJECT_ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/layer-boundaries' && message.severity === 2)
    .map((message) => message.message);
};
const importing = (specifier: string) => `import { thing } from '${specifier}';\n\nexport const used = thing;\n`;

describe('architecture rule 11: layers point down (ESLint)', () => {
  it.each([
    ['src-renderer/src/api/index.ts', '../../../src-main/core/logger'],
    ['src-renderer/src/features/history/HistoryView.vue', '../../../../src-main/gateway/redaction'],
    ['src-renderer/src/main.ts', 'src-main/host/host-server'],
  ])('rejects %s importing src-main (%s)', async (filePath, specifier) => {
    const code = filePath.endsWith('.vue')
      ? `<script setup lang="ts">\n${importing(specifier)}</script>\n`
      : importing(specifier);
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /reaches into src-main\/: the renderer talks to main only through the ConsoleApi contract/,
    );
  });

  it.each([
    ['src-shared/contract.ts', '../src-main/core/logger', 'src-main'],
    ['src-shared/gateway/codes.ts', '../../src-renderer/src/db/history-db', 'src-renderer'],
    ['src-shared/contract/profiles.ts', '../../src-main/gateway/redaction', 'src-main'],
  ])('rejects %s importing %s', async (filePath, specifier, folder) => {
    const errors = await layerErrors(filePath, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`reaches into ${folder}/: src-shared is pure code`);
  });

  it.each([
    ['src-main/gateway/redaction.ts', '../core/redact-text'],
    ['src-main/gateway/deeper/nested.ts', '../../core/logger'],
    ['src-main/simulator/server.ts', '../core/paths'],
    ['src-main/notifications/receiver.ts', '../core/logger'],
    ['src-main/credentials/memory-store.ts', '../core/event-bus'],
  ])('rejects %s importing core (%s)', async (filePath, specifier) => {
    const errors = await layerErrors(filePath, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/reaches into src-main\/core\/: core\/ is built on these modules/);
  });

  it('keeps the CLI free of import cycles: commands never import run-cli.ts', async () => {
    const errors = await layerErrors('src-main/cli/status-command.ts', importing('./run-cli'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('commands take CliCommand from ./cli-command');
    expect(await layerErrors('src-main/cli/status-command.ts', importing('./cli-command'))).toEqual([]);
    expect(await layerErrors('src-main/cli.ts', importing('./cli/run-cli'))).toEqual([]);
  });

  it('also catches re-exports and dynamic imports', async () => {
    const code = "export * from '../core/logger';\nexport const load = () => import('../core/paths');\n";
    expect(await layerErrors('src-main/gateway/index.ts', code)).toHaveLength(2);
  });

  it.each([
    ['src-main/core/console-core.ts', '../gateway/redaction'],
    ['src-main/gateway/request-sender.ts', './redaction'],
    ['src-main/gateway/request-sender.ts', '@shared/exchange'],
    ['src-main/notifications/receiver.ts', '../credentials/credential-store'],
    ['src-renderer/src/api/index.ts', '@shared/contract'],
    ['src-shared/contract.ts', './contract/profiles'],
    ['src-renderer/src/api/index.ts', 'vue'],
  ])('allows %s importing %s', async (filePath, specifier) => {
    expect(await layerErrors(filePath, importing(specifier))).toEqual([]);
  });
});
