// System packages the full test suite and the benchmarks need on Debian, and how to get them. Used by
// scripts/test.mjs and scripts/bench.mjs: installs what is missing when running as root with apt,
// otherwise says exactly what to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const LIBSECRET_HEADER = '/usr/include/libsecret-1/libsecret/secret.h';

/** [apt package, how we know it is there] */
export const REQUIRED = [
  ['chromium', () => existsSync('/usr/bin/chromium')],
  ['gnome-keyring', () => existsSync('/usr/bin/gnome-keyring-daemon')],
  ['libsecret-tools', () => existsSync('/usr/bin/secret-tool')],
  ['libsecret-1-dev', () => existsSync(LIBSECRET_HEADER)],
  ['dbus', () => existsSync('/usr/bin/dbus-run-session')],
  // The "Your server's code" test runs the generated Python snippets (requests) and cURL ones.
  ['python3-requests', () => spawnSync('python3', ['-c', 'import requests']).status === 0],
  ['curl', () => spawnSync('curl', ['--version']).status === 0],
  // The same test runs the PHP snippets and compiles the Java ones (javac).
  ['php-cli', () => spawnSync('php', ['-v']).status === 0],
  ['default-jdk-headless', () => spawnSync('javac', ['-version']).status === 0],
  // The team workspace tests start a throwaway PostgreSQL cluster (test/support/pg-cluster.ts).
  ['postgresql', () => existsSync('/usr/lib/postgresql/15/bin/initdb')],
];

/** The apt packages among `wanted` that are not installed. */
export function missingPackages(wanted = REQUIRED.map(([name]) => name)) {
  return REQUIRED.filter(([name, present]) => wanted.includes(name) && !present()).map(([name]) => name);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Returns true when every package in `wanted` is present (installing them first when possible). */
export function ensureSystemPackages(log = console.log, wanted = REQUIRED.map(([name]) => name)) {
  const missing = missingPackages(wanted);
  if (missing.length === 0) return true;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    log(`Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo sh -c '${command}'`);
    return false;
  }
  log(`Installing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (!install || install.status !== 0 || missingPackages(wanted).length > 0) {
    log(`Could not install ${missingPackages(wanted).join(', ')}. Run:\n  ${command}`);
    return false;
  }
  return true;
}

/**
 * What to do about keytar, from what is on disk. keytar is an optional dependency compiled against
 * libsecret: when `npm install` ran before libsecret's headers existed, the build failed and npm
 * removed node_modules/keytar altogether (or, on some npm versions, left the folder without its
 * binary), so a rebuild may have nothing to work on: it is installed again once the headers are there.
 * @param {{ binary: boolean, headers: boolean }} state
 * @returns {'ready' | 'reinstall' | 'needs-headers'}
 */
export function keytarAction({ binary, headers }) {
  if (binary) return 'ready';
  return headers ? 'reinstall' : 'needs-headers';
}

/**
 * The command that puts keytar back: the exact version package-lock.json pins (the range from
 * package.json when the lock has none), without touching package.json or the lock, compiled
 * against the system's Node headers (design: "keytar builds from source … npm_config_nodedir=/usr").
 * @param {string} lockText package-lock.json
 * @param {string} manifestText package.json
 */
export function keytarInstallCommand(lockText, manifestText) {
  const locked = JSON.parse(lockText)?.packages?.['node_modules/keytar']?.version;
  const manifest = JSON.parse(manifestText);
  const range = manifest.optionalDependencies?.keytar ?? manifest.dependencies?.keytar;
  const version = locked ?? range;
  if (!version) throw new Error('keytar is neither in package-lock.json nor in package.json');
  return {
    command: 'npm',
    args: ['install', '--no-save', '--no-audit', '--no-fund', `keytar@${version}`],
    env: { npm_config_nodedir: '/usr' },
  };
}

const KEYTAR_BINARY = 'node_modules/keytar/build/Release/keytar.node';

/** Makes sure keytar's native binary exists, reinstalling keytar when libsecret arrived after `npm install`. */
export function ensureKeytarBuilt(log = console.log) {
  const action = keytarAction({
    binary: existsSync(KEYTAR_BINARY),
    headers: existsSync(LIBSECRET_HEADER),
  });
  if (action === 'ready') return true;
  if (action === 'needs-headers') {
    log(`keytar is not built and libsecret's headers (${LIBSECRET_HEADER}) are missing: install libsecret-1-dev.`);
    return false;
  }
  const { command, args, env } = keytarInstallCommand(
    readFileSync('package-lock.json', 'utf8'),
    readFileSync('package.json', 'utf8'),
  );
  log(`keytar is missing its native binary (npm install ran before libsecret): ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) log(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
  return existsSync(KEYTAR_BINARY);
}
