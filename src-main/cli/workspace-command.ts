import { parseArgs } from 'node:util';
import pg from 'pg';
import { describeAuditBreak, verifyAuditChain } from '../team/audit-chain';
import { checkWorkspaceSchema, migrateWorkspace, WORKSPACE_SCHEMA_VERSION } from '../team/schema/workspace-schema';
import { terminalText } from '../common/terminal-text';
import { processIo, type CliIo } from './cli-io';
import type { CliCommand } from './cli-command';
import { EXIT_REFUSED, EXIT_USAGE } from './exit-codes';

/** The chain is broken (a CI job or cron can alert on it). */
export const EXIT_AUDIT_BROKEN = 1;

const USAGE = `Usage: gateway-console workspace <verify-audit | migrate> (--url-env NAME | --url URL)

  verify-audit   Walks the team workspace's reveal audit trail and checks every link: each entry must carry
                 the hash of the entry before it and a hash of its own content. Names the first broken link
                 (its seq and why). Connect as a lead or admin (only they can read the trail).
  migrate        Brings the workspace database to this console's schema (version ${WORKSPACE_SCHEMA_VERSION}); a no-op when it is
                 current; refuses a workspace upgraded by a newer console. Connect as the owner role.

  --url-env NAME   read the connection URL from environment variable NAME (keeps the password out of ps)
  --url URL        the connection URL (postgres://user@host:port/db); give the password in PGPASSWORD
  TLS: add ?sslmode=verify-full&sslrootcert=/path/to/ca.pem to the URL (docs/team.md).

Exit codes:
  0   done (verify-audit: the chain is intact)
  ${EXIT_AUDIT_BROKEN}   verify-audit: the chain is broken (the first broken link is named)
  ${EXIT_USAGE}   usage error
  ${EXIT_REFUSED}   could not do it (connection, permission, or a workspace newer than this console)`;

const SUBCOMMANDS = ['verify-audit', 'migrate'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

/** A connection URL with its password replaced, for messages. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** The connection URL from the options, or the exit code to stop with. */
function urlFromOptions(sub: Subcommand, rest: string[], io: CliIo): { url: string } | { exit: number } {
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { url: { type: 'string' }, 'url-env': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    io.stderr(terminalText`${(error as Error).message}\n` + `${USAGE}\n`);
    return { exit: EXIT_USAGE };
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return { exit: 0 };
  }
  if ((values.url === undefined) === (values['url-env'] === undefined)) {
    io.stderr(`workspace ${sub}: give one of --url-env NAME or --url URL.\n`);
    return { exit: EXIT_USAGE };
  }
  const envName = values['url-env'];
  const url = envName === undefined ? values.url! : process.env[envName];
  if (!url) {
    io.stderr(terminalText`workspace ${sub}: environment variable ${envName} is not set.\n`);
    return { exit: EXIT_USAGE };
  }
  if (values.url !== undefined && new URL(url, 'postgres://x').password) {
    io.stderr(
      'warning: a password in --url is visible in the process list (ps); prefer --url-env NAME or PGPASSWORD.\n',
    );
  }
  return { url };
}

async function verifyAudit(client: pg.Client, io: CliIo): Promise<number> {
  await checkWorkspaceSchema(client);
  const report = await verifyAuditChain(client);
  const start =
    report.start.kind === 'genesis'
      ? 'the first entry'
      : `the retention checkpoint after seq ${report.start.purgedThroughSeq}`;
  if (report.broken) {
    io.stdout(terminalText`Audit chain BROKEN: ${describeAuditBreak(report.broken)}\n`);
    io.stdout(terminalText`${report.entries} entries before it verified, from ${start}.\n`);
    return EXIT_AUDIT_BROKEN;
  }
  io.stdout(
    report.entries === 0
      ? 'Audit chain intact: the trail has no entries.\n'
      : terminalText`Audit chain intact: ${report.entries} entries (seq ${report.firstSeq} to ${report.lastSeq}), from ${start}.\n`,
  );
  return 0;
}

async function migrate(client: pg.Client, io: CliIo): Promise<number> {
  const outcome = await migrateWorkspace(client);
  io.stdout(
    outcome.applied.length === 0
      ? terminalText`Workspace schema is current (version ${outcome.to}); nothing to do.\n`
      : terminalText`Workspace schema upgraded from version ${outcome.from} to ${outcome.to}: ${outcome.applied.join(', ')}.\n`,
  );
  return 0;
}

export async function runWorkspace(args: string[], io: CliIo = processIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (!SUBCOMMANDS.includes(sub as Subcommand)) {
    io.stderr(terminalText`workspace: unknown subcommand "${sub ?? ''}".\n` + `${USAGE}\n`);
    return EXIT_USAGE;
  }
  const subcommand = sub as Subcommand;
  const options = urlFromOptions(subcommand, rest, io);
  if ('exit' in options) return options.exit;
  const { url } = options;

  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return subcommand === 'migrate' ? await migrate(client, io) : await verifyAudit(client, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint =
      subcommand === 'verify-audit' && /permission denied/i.test(message)
        ? ' (only leads and admins can read the audit trail)'
        : '';
    io.stderr(
      terminalText`workspace ${subcommand}: cannot ${subcommand === 'migrate' ? 'migrate' : 'verify'} ${withoutPassword(url)}: ${message}${hint}\n`,
    );
    return EXIT_REFUSED;
  } finally {
    await client.end().catch(() => {});
  }
}

export const workspaceCommand: CliCommand = {
  summary: 'Team workspace: migrate the schema, verify the reveal audit chain',
  run: (args) => runWorkspace(args),
};
