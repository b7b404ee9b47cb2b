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

describe('design rule 3: Electron and keytar live at the edges (ESLint)', () => {
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
