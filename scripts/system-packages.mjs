// System packages the full test suite needs on Debian, and how to get them. Used by scripts/test.mjs
// (and the bench): installs what is missing when running as root with apt, otherwise says exactly what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** [apt package, how we know it is there] */
export const REQUIRED = [
  ['chromium', () => existsSync('/usr/bin/chromium')],
  ['gnome-keyring', () => existsSync('/usr/bin/gnome-keyring-daemon')],
  ['libsecret-tools', () => existsSync('/usr/bin/secret-tool')],
  ['libsecret-1-dev', () => existsSync('/usr/include/libsecret-1/libsecret/secret.h')],
  ['dbus', () => existsSync('/usr/bin/dbus-run-session')],
];

export function missingPackages() {
  return REQUIRED.filter(([, present]) => !present()).map(([name]) => name);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Returns true when everything is present (installing it first when possible). */
export function ensureSystemPackages(log = console.log) {
  const missing = missingPackages();
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
  if (!install || install.status !== 0 || missingPackages().length > 0) {
    log(`Could not install ${missingPackages().join(', ')}. Run:\n  ${command}`);
    return false;
  }
  return true;
}

/** keytar is built from source against libsecret; rebuild it when libsecret arrived after `npm install`. */
export function ensureKeytarBuilt(log = console.log) {
  if (existsSync('node_modules/keytar/build/Release/keytar.node')) return true;
  if (!existsSync('node_modules/keytar')) return false;
  log('Building keytar against libsecret…');
  try {
    execFileSync('npm', ['rebuild', 'keytar'], {
      stdio: 'inherit',
      env: { ...process.env, npm_config_nodedir: '/usr' },
    });
  } catch {
    return false;
  }
  return existsSync('node_modules/keytar/build/Release/keytar.node');
}
