import { parseArgs } from 'node:util';
import { HEADER_NAME, VARIANTS, type Variant } from '@shared/gateway';
import { startSimulator, type SimulatorOptions, type SimulatorTerminal } from '../simulator';
import type { CliCommand } from './cli-command';
import { terminalText } from '../common/terminal-text';

const HELP = `Usage: npm run simulator -- [options]
   or: node gateway-simulator.mjs [options]   (the one-file build: out/simulator/gateway-simulator.mjs)

Runs the embedded gateway simulator (see docs/simulator.md). Prints "listening on http://HOST:PORT",
then the credentials in use.

  --host HOST                 address to listen on (default 127.0.0.1)
  --port N                    port (default 4010; 0 picks a free port)
  --base-path PATH            path prefix before /{version}/payments (default /api)
  --version V                 interface version segment (default v2)
  --client-id-header NAME     name of the client-id header (default X-Platform-Client-Id; case-insensitive)
  --client-id ID              client id to accept (default: random, printed)
  --terminal ID:VARIANT:TOKEN a terminal (digits), its variant (A or B) and its bearer token; repeatable.
                              Default: 1000001 (A) and 1000002 (B) with random tokens, printed
  --webhook URL               where notifications are POSTed (AES-256-GCM encrypted)
  --webhook-secret BASE64     webhook secret: base64 text decoding to 32 bytes (required with --webhook)
  --rate-limit N              requests per second per client id, then 429 + Retry-After (default 0 = off)
  --order-ttl SECONDS         how long an order stays payable before it expires (default 1800)
  --mbway-window SECONDS      how long an MB WAY request waits for the shopper before Timeout (default 240)
  --shopper-delay SECONDS     how long magic MB WAY phones / references take to answer (default 5)
  --seed N                    deterministic ids, tokens and signatures
  --website-address URL       merchant.websiteAddress in create responses (default https://shop.sandbox.example)
  --duplicates                send every notification twice (same notificationID)
  --out-of-order              hold back non-final notifications so that later ones overtake them
  --no-control                do not serve the /__simulator control API
  --state FILE                keep the state (transactions, clock, deliveries, credentials) in FILE across
                              restarts; created when missing. Default: in memory only. Worlds persist
                              beside it, one file each in FILE's folder under <FILE name>.worlds/
  --no-auto-worlds            a request to /worlds/<id>/... for a world that does not exist gets a 404
                              instead of creating it (then: POST /__simulator/worlds {"id":"<id>"})
  --record-traffic            every world keeps a log of its shop's calls and notifications (newest
                              10,000), read at /__simulator/traffic (docs/shop-testing.md); per world:
                              POST /worlds/<id>/__simulator/traffic {"recording":true}
  -h, --help                  this text

Worlds: isolated copies of the gateway (transactions, clock, notifications, faults, reset), one per
CI shard or test run. A world's base URL is http://HOST:PORT/worlds/<id> (clients add /api/v2/payments
as usual; ids: 1 to 40 of a-z, 0-9 and "-"), its control API http://HOST:PORT/worlds/<id>/__simulator;
the credentials are the same. By default a world is made by its first request that carries the client
id, so two parallel shards only need different base URLs:
  shard 1: GATEWAY_BASE_URL=http://127.0.0.1:4010/worlds/shard-1
  shard 2: GATEWAY_BASE_URL=http://127.0.0.1:4010/worlds/shard-2
Up to 1000 worlds; GET /__simulator/worlds lists them, DELETE /__simulator/worlds/<id> discards one.`;

const fail = (message: string): never => {
  throw new UsageError(message);
};
class UsageError extends Error {}

const wholeNumber = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${text}".`);
  return value;
};

const parseTerminal = (text: string): SimulatorTerminal => {
  const [terminalId = '', variant = '', ...tokenParts] = text.split(':');
  const token = tokenParts.join(':');
  if (!/^\d{1,10}$/.test(terminalId)) fail(`--terminal "${text}": the id must be 1 to 10 digits.`);
  if (!VARIANTS.includes(variant as Variant)) fail(`--terminal "${text}": the variant must be A or B.`);
  if (token === '') fail(`--terminal "${text}": a bearer token is needed after the second ":".`);
  return { terminalId, variant: variant as Variant, token };
};

/** Turns command-line arguments into simulator options; throws UsageError with a specific message. */
export function parseSimulatorArgs(args: string[]): SimulatorOptions | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'base-path': { type: 'string' },
      version: { type: 'string' },
      'client-id-header': { type: 'string' },
      'client-id': { type: 'string' },
      terminal: { type: 'string', multiple: true },
      webhook: { type: 'string' },
      'webhook-secret': { type: 'string' },
      'rate-limit': { type: 'string' },
      'order-ttl': { type: 'string' },
      'mbway-window': { type: 'string' },
      'shopper-delay': { type: 'string' },
      seed: { type: 'string' },
      'website-address': { type: 'string' },
      duplicates: { type: 'boolean' },
      'out-of-order': { type: 'boolean' },
      'no-control': { type: 'boolean' },
      'no-auto-worlds': { type: 'boolean' },
      'record-traffic': { type: 'boolean' },
      state: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  if (values.webhook !== undefined) {
    try {
      new URL(values.webhook);
    } catch {
      fail(`--webhook must be an absolute URL, got "${values.webhook}".`);
    }
    if (!values['webhook-secret']) fail('--webhook needs --webhook-secret BASE64 (32 bytes) to encrypt notifications.');
    if (Buffer.from(values['webhook-secret'] ?? '', 'base64').length !== 32)
      fail('--webhook-secret must be base64 text decoding to exactly 32 bytes.');
  }
  const headerName = values['client-id-header'];
  if (headerName !== undefined && !HEADER_NAME.test(headerName))
    fail(`--client-id-header "${headerName}" is not a valid HTTP header name.`);
  const options: SimulatorOptions = {
    host: values.host ?? '127.0.0.1',
    port: wholeNumber('port', values.port, 0, 65535) ?? 4010,
    control: !values['no-control'],
    // CI shards address their own world by base URL alone, with no setup call (docs/simulator.md).
    autoWorlds: !values['no-auto-worlds'],
    // A CI simulator keeps no traffic log nobody reads; `certify` and a tester watching a shop ask for it.
    recordTraffic: values['record-traffic'] ?? false,
    notifications: { duplicates: values.duplicates ?? false, outOfOrder: values['out-of-order'] ?? false },
  };
  if (values.state !== undefined) {
    if (values.state.trim() === '') fail('--state needs a file path.');
    options.state = values.state;
  }
  if (values['base-path'] !== undefined) options.basePath = values['base-path'];
  if (values.version !== undefined) options.version = values.version;
  if (headerName !== undefined) options.clientIdHeader = headerName;
  if (values['client-id'] !== undefined) options.clientId = values['client-id'];
  if (values['website-address'] !== undefined) options.websiteAddress = values['website-address'];
  if (values.terminal?.length) options.terminals = values.terminal.map(parseTerminal);
  if (values.webhook && values['webhook-secret'])
    options.webhook = { url: values.webhook, secret: values['webhook-secret'] };
  const numbers = {
    rateLimit: wholeNumber('rate-limit', values['rate-limit'], 0, 1_000_000),
    orderTtlSeconds: wholeNumber('order-ttl', values['order-ttl'], 1, 365 * 86_400),
    mbwayWindowSeconds: wholeNumber('mbway-window', values['mbway-window'], 1, 86_400),
    shopperDelaySeconds: wholeNumber('shopper-delay', values['shopper-delay'], 0, 86_400),
    seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1),
  };
  for (const [key, value] of Object.entries(numbers)) if (value !== undefined) Object.assign(options, { [key]: value });
  return options;
}

export const simulatorCommand: CliCommand = {
  summary: 'Run the embedded gateway simulator',
  async run(args) {
    let options: SimulatorOptions | 'help';
    try {
      options = parseSimulatorArgs(args);
    } catch (error) {
      process.stderr.write(
        terminalText`${error instanceof Error ? error.message : String(error)}\nRun with --help for the options.\n`,
      );
      return 2;
    }
    if (options === 'help') {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    let sim;
    try {
      sim = await startSimulator(options);
    } catch (error) {
      // An unreadable state file (not a simulator journal, no permission) is said plainly, not as a stack.
      process.stderr.write(terminalText`${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    // Problems quote the state file's contents: outside text.
    for (const problem of sim.stateProblems()) process.stderr.write(terminalText`${problem}\n`);
    const lines = [
      `listening on ${sim.url}`,
      `api:        ${sim.apiUrl}/payments`,
      `client id:  ${sim.clientIdHeader}: ${sim.clientId}`,
      ...sim.terminals.map(
        (t) => `terminal:   ${t.terminalId} (Variant ${t.variant})  Authorization: Bearer ${t.token}`,
      ),
      `control:    ${sim.controlEnabled ? `${sim.url}/__simulator` : 'off (--no-control)'}`,
      `worlds:     ${sim.url}/worlds/<id>  (${sim.worlds.autoCreate ? 'made on first use' : 'made with POST /__simulator/worlds'})`,
      `webhook:    ${sim.webhookUrl() ?? 'none (no notifications are sent)'}`,
      `state:      ${sim.statePath ? `${sim.statePath} (${sim.control.transactionCount()} transactions)` : 'in memory'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const stop = () => {
      void sim.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return new Promise<number>(() => {});
  },
};
