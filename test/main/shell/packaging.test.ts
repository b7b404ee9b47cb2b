import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './built-output';

// electron-builder's own loader and schema validator (from app-builder-lib, which electron-builder
// runs on), so the test reads the file exactly as `npm run dist` will.
const nodeRequire = createRequire(__filename);
const { getConfig, validateConfiguration } = nodeRequire('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = nodeRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

let config: Configuration;

beforeAll(async () => {
  config = await getConfig(PROJECT_ROOT, 'electron-builder.yml', null);
});

const pngSize = (path: string): { width: number; height: number } => {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('electron-builder.yml', () => {
  it('is valid for the installed electron-builder', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('pins the hardening fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('packages the built app, resources and package.json into an asar with keytar unpacked', () => {
    expect(config).toMatchObject({ appId: 'com.gatewayconsole.app', productName: 'Gateway Console', asar: true });
    expect(JSON.stringify(config.files)).toBe(
      JSON.stringify([{ filter: ['out/**/*', 'resources/**/*', 'package.json'] }]),
    );
    expect(config.asarUnpack).toEqual(['node_modules/keytar/**/*']);
    expect(config.npmRebuild).toBe(true);
  });

  it('builds AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
  });

  it('uses the 512×512 app icon from resources/', () => {
    for (const icon of [config.icon, config.linux?.icon, config.mac?.icon, config.win?.icon]) {
      expect(icon).toBe('resources/icon.png');
    }
    expect(pngSize(join(PROJECT_ROOT, 'resources', 'icon.png'))).toEqual({ width: 512, height: 512 });
  });

  it('is what `npm run dist` runs, after building out/', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      main: string;
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder --config electron-builder.yml');
    expect(pkg.main).toBe('out/main/index.js');
  });
});
