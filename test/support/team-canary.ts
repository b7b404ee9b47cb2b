// The team workspace canary's eyes: a pg_dump of the whole workspace database, searched for what must never
// be there — the given secrets and customer values, any card number (a Luhn-valid run of 13–19 digits in
// any grouping, or a CVV value: the same rule main's redaction uses) and any e-mail address in clear.
// Used by the database-level canary (test/main/team/canary.test.ts) and by main's sync tests.
import { redactCardData } from '@shared/card-data';
import type { ThrowawayCluster } from './pg-cluster';

export interface Leak {
  kind: 'secret' | 'card-data' | 'email';
  /** The offending text (or the secret that was found). */
  value: string;
  /** The dump line it was found on, cut to 200 characters. */
  line: string;
}

/** Any e-mail address with a clear local part; a masked one (a•••@•••.pt) has a dot character before the @. */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** The whole database as text: schema and data, every table, as a DBA's backup would hold it. */
export function dumpWorkspace(cluster: ThrowawayCluster, database: string): string {
  return cluster.tool('pg_dump', ['--no-owner', '--dbname', cluster.superuserUrl(database)]);
}

/** Everything in `dump` that must not be there; empty when the workspace is clean. */
export function findLeaks(dump: string, secrets: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  const lines = dump.split('\n');
  for (const line of lines) {
    const shown = line.slice(0, 200);
    for (const secret of secrets) if (line.includes(secret)) leaks.push({ kind: 'secret', value: secret, line: shown });
    if (redactCardData(line) !== line) leaks.push({ kind: 'card-data', value: line, line: shown });
    for (const match of line.matchAll(EMAIL)) leaks.push({ kind: 'email', value: match[0], line: shown });
  }
  return leaks;
}
