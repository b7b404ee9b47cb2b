import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keytarAction, keytarInstallCommand, missingPackages } from '../../../scripts/system-packages.mjs';

const ROOT = resolve(__dirname, '../../..');
const lock = readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8');
const manifest = readFileSync(resolve(ROOT, 'package.json'), 'utf8');

describe('npm test recovers keytar when npm install ran before libsecret (scripts/system-packages.mjs)', () => {
  it('reinstalls keytar when its binary is missing and the headers are now there', () => {
    // The fresh-machine case: npm dropped the optional dependency, `npm test` then installed libsecret.
    expect(keytarAction({ binary: false, headers: true })).toBe('reinstall');
  });

  it('does nothing when the binary is built, and cannot build without the headers', () => {
    expect(keytarAction({ binary: true, headers: true })).toBe('ready');
    expect(keytarAction({ binary: true, headers: false })).toBe('ready');
    expect(keytarAction({ binary: false, headers: false })).toBe('needs-headers');
  });

  it('reinstalls the exact version package-lock.json pins, without saving, against the system Node headers', () => {
    const lockedVersion = JSON.parse(lock).packages['node_modules/keytar'].version as string;
    const { command, args, env } = keytarInstallCommand(lock, manifest);
    expect(command).toBe('npm');
    expect(args).toEqual(['install', '--no-save', '--no-audit', '--no-fund', `keytar@${lockedVersion}`]);
    expect(env).toEqual({ npm_config_nodedir: '/usr' });
  });

  it("falls back to package.json's range when the lock has no keytar, and says so when neither has it", () => {
    const noKeytarLock = JSON.stringify({ packages: {} });
    expect(keytarInstallCommand(noKeytarLock, manifest).args.at(-1)).toBe(
      `keytar@${JSON.parse(manifest).optionalDependencies.keytar}`,
    );
    expect(() => keytarInstallCommand(noKeytarLock, '{}')).toThrow(/keytar is neither in package-lock.json nor/);
  });

  it('checks only the packages a caller needs (the bench needs Chromium alone)', () => {
    const missing = missingPackages(['chromium']);
    expect(missing.every((name) => name === 'chromium')).toBe(true);
  });
});
