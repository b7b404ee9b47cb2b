/**
 * `gateway-console certify --report FILE [options] -- <shop test command> [args…]`: certifies a merchant's
 * integration in CI. Starts the simulator with a fresh world, hands the shop's test command the world's
 * address and credentials in the GATEWAY_* variables the CLI itself reads (plus the webhook secret and the
 * world's control URL), runs it (no shell: argv exactly as given), then judges the traffic the world
 * captured and writes the certification report (docs/shop-testing.md).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { HEADER_NAME } from '@shared/gateway';
import { certify, renderCertification, type CertificationFormat } from '@shared/shop/certification';
import { findShopProblems } from '@shared/shop/findings';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { writeFileAtomic } from '../common/atomic-write';
import { terminalLine } from '../common/terminal-text';
import { generateWebhookSecret } from '../notifications/notification-crypto';
import { startSimulator, type RunningSimulator } from '../simulator';
import type { SimWorld } from '../simulator/world';
import type { CliCommand } from './cli-command';
import { processIo, type CliIo } from './cli-io';
import { EXIT_REFUSED, EXIT_USAGE } from './exit-codes';

/** An item of the checklist failed (the failed items are on stderr). */
export const EXIT_CERTIFICATION_FAILED = 1;

const USAGE = `Usage: gateway-console certify --report FILE [options] -- <shop test command> [args…]

Starts a gateway simulator with a fresh world, runs the shop's own test command against it, and writes
the certification report of what the shop did (docs/shop-testing.md).
  --report FILE        where to write the report; the format follows the extension (.html, .json, .xml)
  --format F           html, json or junit (overrides the extension)
  --webhook URL        the shop's notification receiver: the world POSTs its notifications there
  --variant A|B        the terminal handed to the shop (default A)
  --seed N             deterministic ids, signatures and fault draws (replays a run exactly)
  --min-poll-ms N      the shortest acceptable gap between two status queries of one order (default 1000)
  --port N             the simulator's port (default 0: a free one)
  --client-id-header NAME  the client-id header the world expects (default X-Platform-Client-Id): a real
                       client sends the real gateway's name (e.g. X-IBM-Client-Id)

The command runs without a shell, with these variables added to its environment:
  GATEWAY_BASE_URL, GATEWAY_PATH_PREFIX, GATEWAY_VERSION   where the gateway is (base URL + /api + /v2)
  GATEWAY_API_URL                                          the same, joined: …/api/v2 (append /payments)
  GATEWAY_TOKEN, GATEWAY_CLIENT_ID, GATEWAY_CLIENT_ID_HEADER, GATEWAY_TERMINAL_ID, GATEWAY_VARIANT
  GATEWAY_WEBHOOK_SECRET                                   base64 key the notifications are encrypted with
  GATEWAY_CONTROL_URL                                      the world's control API (outcomes and faults)

Exit codes: 0 every exercised item passed; 1 an item failed (listed on stderr); 2 usage error;
3 the command could not be started or the report not written; otherwise the shop command's own
non-zero exit code when it failed but no item did.`;

const FORMATS: Record<string, CertificationFormat> = {
  '.html': 'html',
  '.htm': 'html',
  '.json': 'json',
  '.xml': 'junit',
};

interface CertifyArgs {
  report: string;
  format: CertificationFormat;
  webhook: string | null;
  variant: 'A' | 'B';
  seed: number | undefined;
  minPollMs: number;
  port: number;
  clientIdHeader: string | undefined;
  command: string[];
}

class UsageError extends Error {}

const whole = (name: string, text: string | undefined, max: number): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) > max)
    throw new UsageError(`--${name} must be a whole number from 0 to ${max}, got "${text}".`);
  return Number(text);
};

export function parseCertifyArgs(args: string[]): CertifyArgs | 'help' {
  const split = args.indexOf('--');
  const own = split < 0 ? args : args.slice(0, split);
  const command = split < 0 ? [] : args.slice(split + 1);
  const { values } = parseArgs({
    args: own,
    options: {
      report: { type: 'string' },
      format: { type: 'string' },
      webhook: { type: 'string' },
      variant: { type: 'string' },
      seed: { type: 'string' },
      'min-poll-ms': { type: 'string' },
      port: { type: 'string' },
      'client-id-header': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  if (!values.report) throw new UsageError('--report FILE is required.');
  if (command.length === 0 || !command[0]) throw new UsageError('give the shop test command after "--".');
  const format =
    values.format === undefined
      ? FORMATS[extname(values.report).toLowerCase()]
      : (values.format as CertificationFormat);
  if (!format || !['html', 'json', 'junit'].includes(format))
    throw new UsageError(
      values.format === undefined
        ? `cannot tell the report format from "${values.report}": end it in .html, .json or .xml, or give --format.`
        : `--format must be html, json or junit, got "${values.format}".`,
    );
  if (values.webhook !== undefined) {
    const url = URL.canParse(values.webhook) ? new URL(values.webhook) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new UsageError(`--webhook must be an http(s) URL, got "${values.webhook}".`);
  }
  const clientIdHeader = values['client-id-header'];
  if (clientIdHeader !== undefined && !HEADER_NAME.test(clientIdHeader))
    throw new UsageError(`--client-id-header "${clientIdHeader}" is not a valid HTTP header name.`);
  const variant = (values.variant ?? 'A').toUpperCase();
  if (variant !== 'A' && variant !== 'B') throw new UsageError(`--variant must be A or B, got "${values.variant}".`);
  return {
    report: values.report,
    format,
    webhook: values.webhook ?? null,
    variant,
    seed: whole('seed', values.seed, 0xffffffff),
    minPollMs: whole('min-poll-ms', values['min-poll-ms'], 3_600_000) ?? 1_000,
    port: whole('port', values.port, 65_535) ?? 0,
    clientIdHeader,
    command,
  };
}

/** Every entry the world captured (paged: the log answers at most a page at a time). */
export function allTraffic(world: SimWorld): ShopTrafficEntry[] {
  const entries: ShopTrafficEntry[] = [];
  for (let after = 0; ;) {
    const page = world.traffic.since(after);
    entries.push(...page.entries);
    if (!page.hasMore || page.entries.length === 0) return entries;
    after = page.nextCursor;
  }
}

/** The variables the shop's tests read: the same GATEWAY_* the CLI's environment profile uses. */
export function shopEnvironment(sim: RunningSimulator, world: SimWorld, variant: 'A' | 'B', webhookSecret: string) {
  const terminal = sim.terminals.find((candidate) => candidate.variant === variant) ?? sim.terminals[0]!;
  const base = world.apiUrl.slice(0, world.apiUrl.length - `${sim.basePath}/${sim.version}`.length);
  return {
    GATEWAY_BASE_URL: base,
    GATEWAY_PATH_PREFIX: sim.basePath,
    GATEWAY_VERSION: sim.version,
    GATEWAY_API_URL: world.apiUrl,
    GATEWAY_TOKEN: terminal.token,
    GATEWAY_CLIENT_ID: sim.clientId,
    GATEWAY_CLIENT_ID_HEADER: sim.clientIdHeader,
    GATEWAY_TERMINAL_ID: terminal.terminalId,
    GATEWAY_VARIANT: terminal.variant,
    GATEWAY_WEBHOOK_SECRET: webhookSecret,
    GATEWAY_CONTROL_URL: world.controlUrl,
  };
}

/** Runs argv without a shell; resolves to its exit code (signals as 128 + n), or rejects when it cannot start. */
function runShopCommand(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { env, stdio: 'inherit', shell: false });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
}

export async function runCertify(args: string[], io: CliIo = processIo): Promise<number> {
  let parsed: CertifyArgs | 'help';
  try {
    parsed = parseCertifyArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr(`certify: ${terminalLine(error.message)}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (parsed === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const webhookSecret = generateWebhookSecret();
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: parsed.port,
    autoWorlds: false,
    ...(parsed.clientIdHeader !== undefined ? { clientIdHeader: parsed.clientIdHeader } : {}),
    ...(parsed.seed !== undefined ? { seed: parsed.seed } : {}),
    ...(parsed.webhook ? { webhook: { url: parsed.webhook, secret: webhookSecret } } : {}),
  });
  try {
    const world = sim.worlds.create({ id: `certify-${randomBytes(4).toString('hex')}` });
    const env = { ...process.env, ...shopEnvironment(sim, world, parsed.variant, webhookSecret) };
    let exitCode: number;
    try {
      exitCode = await runShopCommand(parsed.command, env);
    } catch (error) {
      io.stderr(`certify: ${terminalLine(`cannot start "${parsed.command[0]}": ${(error as Error).message}`)}\n`);
      return EXIT_REFUSED;
    }
    // Notifications already due or in flight belong to the run: wait for their answers before judging.
    await world.control.settle();
    const entries = allTraffic(world);
    const findings = findShopProblems(entries, {
      clientIdHeader: sim.clientIdHeader,
      minPollIntervalMs: parsed.minPollMs,
    });
    const report = certify(entries, findings);
    try {
      await writeFileAtomic(parsed.report, renderCertification(parsed.format, report, entries));
    } catch (error) {
      io.stderr(`certify: ${terminalLine(`cannot write ${parsed.report}: ${(error as Error).message}`)}\n`);
      return EXIT_REFUSED;
    }
    io.stdout(
      `certify: ${report.counts.pass} passed, ${report.counts.fail} failed, ${report.counts.notExercised} not exercised (${entries.length} calls and notifications) → ${terminalLine(parsed.report)}\n`,
    );
    if (!report.passed) {
      const byId = new Map(findings.map((finding) => [finding.id, finding]));
      for (const item of report.items.filter((candidate) => candidate.status === 'fail')) {
        io.stderr(`FAILED ${terminalLine(item.titleText)} (traffic ${item.evidenceSeqs.join(', ')})\n`);
        for (const id of item.findingIds) {
          const finding = byId.get(id);
          if (finding)
            io.stderr(
              `  ${terminalLine(`${finding.section}: ${finding.message}`)}\n  fix: ${terminalLine(finding.fixMessage)}\n`,
            );
        }
      }
      return EXIT_CERTIFICATION_FAILED;
    }
    if (exitCode !== 0) {
      io.stderr(`certify: the shop's test command exited with ${exitCode}.\n`);
      return exitCode;
    }
    return 0;
  } finally {
    await sim.close();
  }
}

export const certifyCommand: CliCommand = {
  summary: 'certify a shop: run its tests against a fresh simulator world and report what it did',
  run: (args) => runCertify(args),
};
