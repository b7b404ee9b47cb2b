/**
 * Starts the one-file simulator (`node gateway-simulator.mjs …`) as a child process with the command-line
 * equivalent of SimulatorOptions, and describes it like an in-process RunningSimulator (URL, credentials).
 * Credentials are chosen here, not read back, so tests know them exactly as with the in-process one.
 */
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import type { RunningSimulator, SimulatorOptions } from '../../../src-main/simulator';

const unsupported = (what: string): never => {
  throw new Error(`${what} cannot be given to the standalone simulator on its command line.`);
};

type Described = Omit<RunningSimulator, 'url' | 'apiUrl' | 'close' | 'control' | 'faults' | 'worlds' | 'setWebhook'>;

export function standaloneArgs(options: SimulatorOptions): { args: string[]; sim: Described } {
  const seed = options.seed ?? 42;
  const clientId = options.clientId ?? `standalone-client-${seed}`;
  const terminals = options.terminals ?? [
    { terminalId: '1000001', variant: 'A' as const, token: `standalone-token-a-${seed}` },
    { terminalId: '1000002', variant: 'B' as const, token: `standalone-token-b-${seed}` },
  ];
  const args = ['--port', String(options.port ?? 0), '--seed', String(seed), '--client-id', clientId];
  for (const terminal of terminals) {
    if (terminal.webhook) unsupported('A per-terminal webhook');
    args.push('--terminal', `${terminal.terminalId}:${terminal.variant}:${terminal.token}`);
  }
  const whole = (flag: string, value: number | undefined) => {
    if (value === undefined) return;
    if (!Number.isInteger(value)) unsupported(`${flag} ${value} (whole numbers only)`);
    args.push(flag, String(value));
  };
  whole('--shopper-delay', options.shopperDelaySeconds);
  whole('--order-ttl', options.orderTtlSeconds);
  whole('--mbway-window', options.mbwayWindowSeconds);
  whole('--rate-limit', options.rateLimit);
  // The programmatic default records each world's shop traffic; the command line asks for it.
  if (options.recordTraffic !== false) args.push('--record-traffic');
  if (options.host) args.push('--host', options.host);
  if (options.basePath !== undefined) args.push('--base-path', options.basePath);
  if (options.version !== undefined) args.push('--version', options.version);
  if (options.clientIdHeader) args.push('--client-id-header', options.clientIdHeader);
  if (options.websiteAddress) args.push('--website-address', options.websiteAddress);
  if (options.webhook) args.push('--webhook', options.webhook.url, '--webhook-secret', options.webhook.secret);
  if (options.control === false) args.push('--no-control');
  if (options.state) args.push('--state', options.state);
  // The standalone simulator makes worlds on first use by default; in-process it is asked for.
  if (!options.autoWorlds) args.push('--no-auto-worlds');
  if (options.notifications?.duplicates) args.push('--duplicates');
  if (options.notifications?.outOfOrder) args.push('--out-of-order');
  if (options.notifications?.ackTimeoutMs !== undefined) unsupported('notifications.ackTimeoutMs');
  if (options.maxBodyBytes !== undefined) unsupported('maxBodyBytes');
  return {
    args,
    sim: {
      basePath: (options.basePath ?? '/api').replace(/\/+$/, ''),
      version: options.version ?? 'v2',
      clientId,
      clientIdHeader: options.clientIdHeader ?? 'X-Platform-Client-Id',
      terminals: terminals.map((terminal) => ({ ...terminal })),
      controlEnabled: options.control !== false,
      statePath: options.state ?? null,
      // Problems with the state file are printed by the process, not reported here.
      stateProblems: () => [],
      webhookUrl: () => options.webhook?.url ?? null,
    },
  };
}

export async function startStandalone(file: string, options: SimulatorOptions): Promise<RunningSimulator> {
  const { args, sim } = standaloneArgs(options);
  // Run from the file's own folder: nothing of this repository (node_modules included) is reachable there.
  const child = spawn(process.execPath, [file, ...args], { cwd: dirname(file), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The standalone simulator did not start:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening on (\S+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The standalone simulator exited (${code}):\n${output}`));
    });
  });
  const notInProcess = () => unsupported('The in-process control object (use the /__simulator control API)');
  return {
    ...sim,
    url,
    apiUrl: `${url}${sim.basePath}/${sim.version}`,
    get control(): never {
      return notInProcess();
    },
    get faults(): never {
      return notInProcess();
    },
    get worlds(): never {
      return notInProcess();
    },
    setWebhook: notInProcess,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  } as RunningSimulator;
}
