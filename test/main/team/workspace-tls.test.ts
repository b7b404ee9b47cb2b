/**
 * TLS to the team workspace (issue 30): with `verify-full` main connects only to a server whose certificate
 * chains to the CA file the user chose and names the host typed; a server with another CA's certificate (a
 * machine in the middle) is refused with a clear message and nothing is sent. Real certificates, real cluster.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { startTeamWorkspaceDb, TEAM_MERCHANT, type TeamWorkspaceDb } from '../../support/team-workspace-db';

type Harness = Awaited<ReturnType<typeof startCore>>;

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A CA, and a server certificate for 127.0.0.1 signed by it. */
function makeCa(dir: string, name: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
}
function makeServerCert(dir: string, ca: string): void {
  writeFileSync(join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr'],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'san.cnf',
      '-out',
      'server.pem',
    ],
    dir,
  );
}

let db: TeamWorkspaceDb;
let certs: string;
let password: string;
const consoles: Harness[] = [];

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  password = await db.addLogin('tania', 'agent');
  certs = mkdtempSync(join(tmpdir(), 'gc-team-tls-'));
  makeCa(certs, 'desk-ca');
  makeCa(certs, 'rogue-ca');
  makeServerCert(certs, 'desk-ca');
  // The server's key and certificate live in the cluster's folder, readable by the cluster's OS user only.
  for (const file of ['server.key', 'server.pem']) {
    const target = join(db.cluster.dir, file);
    copyFileSync(join(certs, file), target);
    chmodSync(target, 0o600);
    if (process.getuid?.() === 0) {
      const owner = readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((line) => line.startsWith('postgres:'))!;
      chownSync(target, Number(owner.split(':')[2]), Number(owner.split(':')[3]));
    }
  }
  await db.sql(`ALTER SYSTEM SET ssl_cert_file = '${join(db.cluster.dir, 'server.pem')}'`);
  await db.sql(`ALTER SYSTEM SET ssl_key_file = '${join(db.cluster.dir, 'server.key')}'`);
  await db.sql('ALTER SYSTEM SET ssl = on');
  await db.sql('SELECT pg_reload_conf()');
}, 60_000);
afterAll(async () => {
  for (const harness of consoles) {
    await harness.close();
    await harness.removeDir();
  }
  await db?.stop();
  if (certs) rmSync(certs, { recursive: true, force: true });
});

async function configure(tlsMode: 'verify-full' | 'require', caPath: string | null) {
  const harness = await startCore({ simulator: false });
  consoles.push(harness);
  return harness.call('team.configure', {
    url: db.urlFor('tania'),
    merchantId: TEAM_MERCHANT,
    tlsMode,
    caPath,
    password,
  });
}

describe('team workspace TLS', () => {
  it('team workspace TLS: verify-full connects to a server whose certificate chains to the chosen CA, encrypted', async () => {
    const status = await configure('verify-full', join(certs, 'desk-ca.pem'));
    expect(status).toMatchObject({ state: 'connected', tlsMode: 'verify-full' });
    const [row] = await db.sql<{ ssl: boolean }>(
      `SELECT bool_or(ssl) AS ssl FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE usename = 'tania'`,
    );
    expect(row!.ssl).toBe(true);
  });

  it('team workspace TLS: verify-full refuses a server whose certificate another CA signed (a machine in the middle), and says so', async () => {
    const status = await configure('verify-full', join(certs, 'rogue-ca.pem'));
    expect(status.state).toBe('refused');
    expect(status.problem).toMatchObject({ id: 'teamTlsRefused' });
  });
});
