/**
 * The workspace's address as the user typed it, checked in main: a `postgres://` URL with a login, a host
 * and a database, and never a password (the password goes to the keychain or vault, not into a file).
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ClientConfig } from 'pg';
import { mainText } from '@shared/console-text';
import type { TeamTlsMode } from '@shared/contract/team';
import { ConsoleFailure } from '@shared/result';

export interface WorkspaceAddress {
  /** The URL without password, as kept and shown. */
  url: string;
  login: string;
  host: string;
  port: number;
  database: string;
}

type UrlProblem =
  'teamUrlNotUrl' | 'teamUrlScheme' | 'teamUrlOptions' | 'teamUrlNoLogin' | 'teamUrlNoHost' | 'teamUrlNoDatabase';
const refuse = (problem: UrlProblem): never => {
  throw new ConsoleFailure('team-url-invalid', mainText(problem), { problem });
};

export function parseWorkspaceUrl(text: string): WorkspaceAddress {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return refuse('teamUrlNotUrl');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') refuse('teamUrlScheme');
  if (url.password) throw new ConsoleFailure('team-url-password', mainText('teamUrlHasPassword'));
  if (url.search || url.hash) refuse('teamUrlOptions');
  const login = decodeURIComponent(url.username);
  if (!login) refuse('teamUrlNoLogin');
  if (!url.hostname) refuse('teamUrlNoHost');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) refuse('teamUrlNoDatabase');
  const port = url.port ? Number(url.port) : 5432;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const shown = `postgres://${encodeURIComponent(login)}@${url.host}/${encodeURIComponent(database)}`;
  return { url: shown, login, host, port, database };
}

/** The driver's settings: `verify-full` checks the CA and the host name; `require` only encrypts. */
export function clientConfig(
  address: WorkspaceAddress,
  password: string,
  tls: { mode: TeamTlsMode; caPath: string | null },
): ClientConfig {
  const base: ClientConfig = {
    host: address.host,
    port: address.port,
    user: address.login,
    database: address.database,
    password,
    connectionTimeoutMillis: 5000,
    application_name: 'gateway-console',
  };
  if (tls.mode === 'disable') return { ...base, ssl: false };
  if (tls.mode === 'require') return { ...base, ssl: { rejectUnauthorized: false } };
  if (!tls.caPath) throw new ConsoleFailure('team-ca-missing', mainText('teamCaMissing'));
  let ca: string;
  try {
    ca = readFileSync(tls.caPath, 'utf8');
  } catch (error) {
    throw new ConsoleFailure(
      'team-ca-unreadable',
      mainText('teamCaUnreadable', { path: tls.caPath, reason: (error as NodeJS.ErrnoException).code ?? 'error' }),
    );
  }
  // The certificate is checked against the host name (or IP address) the user typed; SNI takes names only.
  return {
    ...base,
    ssl: { rejectUnauthorized: true, ca, ...(isIP(address.host) ? {} : { servername: address.host }) },
  };
}
