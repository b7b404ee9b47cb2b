/**
 * `startSimulator(options)`: the embedded gateway on node:http. Used by the CLI (`npm run simulator`),
 * by the console core for the Sandbox profile, and by tests. Electron-free.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimClock } from './clock';
import { checkControlRequest } from './control-guard';
import { CONTROL_PREFIX, addControlRoutes, isLoopback } from './control-routes';
import { SimulatorControl } from './control';
import { SimError, httpError } from './errors';
import { addGatewayRoutes } from './gateway-endpoints';
import { sendError } from './http-io';
import { Notifier } from './notifier';
import { resolveOptions, type SimulatorOptions, type SimulatorTerminal, type WebhookTarget } from './options';
import { createRandom } from './random';
import { RateLimiter } from './rate-limiter';
import { Router } from './router';
import { simulatorResponse } from './simulator-response';
import { SimulatorStateFile, type LoadedState } from './state-file';
import { formerDerivedSignature } from './stored-transaction';
import { TransactionBook, type Transaction } from './transactions';
import { QaFaults, addQaFaultRoutes } from './qa-faults';

export interface RunningSimulator {
  /** Origin, e.g. `http://127.0.0.1:4010` (a profile's base URL). */
  url: string;
  /** Path prefix before `/{version}/payments`, e.g. `/api`. */
  basePath: string;
  version: string;
  /** `${url}${basePath}/${version}`: where `/payments` lives. */
  apiUrl: string;
  clientId: string;
  clientIdHeader: string;
  terminals: SimulatorTerminal[];
  /** Whether the /__simulator control API is served. */
  controlEnabled: boolean;
  /** The file the state persists to, or null when it lives in memory only. */
  statePath: string | null;
  /** What went wrong reading or writing the state file (unreadable lines skipped, failed writes). */
  stateProblems(): string[];
  control: SimulatorControl;
  /** One-shot test controls: the next call's answer, the next notification's fate (qa-faults.ts). */
  faults: QaFaults;
  /** Points notifications at a webhook (or stops them with null); terminals with their own webhook keep it. */
  setWebhook(webhook: WebhookTarget | null): void;
  webhookUrl(): string | null;
  close(): Promise<void>;
}

/** The path without the query; the URL parser only for the rare absolute-form request target. */
const pathOf = (target: string): string => {
  if (target.startsWith('/')) {
    const query = target.indexOf('?');
    return query < 0 ? target : target.slice(0, query);
  }
  try {
    return new URL(target).pathname;
  } catch {
    throw httpError(400, 'The request path is malformed.');
  }
};

export async function startSimulator(input: SimulatorOptions = {}): Promise<RunningSimulator> {
  const opened = input.state ? SimulatorStateFile.open(input.state) : null;
  const stored = opened?.loaded.config;
  const restored = opened?.loaded.transactions.length ?? 0;
  // A seeded simulator restarted on a non-empty state must not replay the ids, signatures and
  // references it already issued: the seed is moved on by what is stored (still deterministic).
  const random = createRandom(
    input.seed !== undefined && restored > 0 ? (input.seed + Math.imul(restored, 0x9e3779b1)) >>> 0 : input.seed,
  );
  // A restarted simulator keeps the credentials it had unless it is given new ones.
  const options = resolveOptions(
    {
      ...input,
      ...(input.clientId === undefined && stored ? { clientId: stored.clientId } : {}),
      ...(!input.terminals?.length && stored?.terminals.length ? { terminals: stored.terminals } : {}),
    },
    random,
  );
  const clock = new SimClock();
  const book = new TransactionBook(clock, random);
  let webhook: WebhookTarget | undefined = options.webhook;
  const faults = new QaFaults();
  const notifier = new Notifier(
    clock,
    random,
    options.notifications,
    (transaction) => transaction.terminal.webhook ?? webhook,
    faults,
  );
  book.onChange((transaction, change) => notifier.notify(transaction, change));
  const stateFile = opened?.file ?? null;
  const control = new SimulatorControl(clock, book, notifier, () => stateFile?.reset());
  if (opened) restoreState(opened.loaded, opened.file, { options, clock, book, notifier });
  let origin = '';
  let port = 0;

  const gateway = new Router();
  addGatewayRoutes(gateway, {
    options,
    clock,
    random,
    book,
    limiter: new RateLimiter(options.rateLimit),
    origin: () => origin,
  });
  const controlRouter = new Router();
  const describe = () => ({
    url: origin,
    apiUrl: `${origin}${options.basePath}/${options.version}`,
    clientIdHeader: options.clientIdHeader,
    terminals: options.terminals.map(({ terminalId, variant }) => ({ terminalId, variant })),
    clock: control.clockView(),
    transactions: book.size,
    webhookUrl: webhook?.url ?? null,
  });
  addControlRoutes(controlRouter, control, options, describe);
  addQaFaultRoutes(controlRouter, CONTROL_PREFIX, faults);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = pathOf(req.url ?? '/');
    const isControl = pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
    // Without --no-control and from loopback only; otherwise the control API simply does not exist.
    const router = isControl && options.control && isLoopback(req) ? controlRouter : gateway;
    if (router === controlRouter) checkControlRequest(req, port);
    // An armed fault is the tester's, for their next call: only a request carrying credentials uses it up,
    // never one a web page can make (a cross-site request cannot send Authorization without a preflight).
    if (router === gateway && req.headers.authorization && faults.intercept(req, res)) return;
    await router.resolve(req.method ?? 'GET', pathname)({ req, res });
  };

  const server = createServer(
    {
      ServerResponse: simulatorResponse(stateFile, clock),
      // No request may hang the simulator: slow headers or bodies are cut off (408, connection closed).
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // Node checks both only this often (30 s by default): a client trickling one header line a second
      // was then held for 30 s rather than 10.
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    (req, res) => {
      // The request came: from here on the headers and request timeouts apply, and a handler that takes
      // long (a clock jump awaiting notification retries) must not be cut off as idle.
      req.socket.setTimeout(0);
      handle(req, res).catch((error: unknown) => {
        const simError =
          error instanceof SimError
            ? error
            : httpError(500, `The simulator failed: ${error instanceof Error ? error.message : String(error)}`);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendError(res, simError);
        // Do not keep reading an oversized or unread body after answering.
        if (simError.headers.Connection === 'close') req.resume();
      });
    },
  );

  // Node's timeouts start with a request's first byte: a connection that never sends one would be held
  // for ever. Idle that long before any request, it is closed (Node destroys a socket whose timeout fires).
  server.on('connection', (socket) => socket.setTimeout(options.headersTimeoutMs));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  port = address.port;

  return {
    url: origin,
    basePath: options.basePath,
    version: options.version,
    apiUrl: `${origin}${options.basePath}/${options.version}`,
    clientId: options.clientId,
    clientIdHeader: options.clientIdHeader,
    terminals: options.terminals.map((terminal) => ({ ...terminal })),
    controlEnabled: options.control,
    statePath: input.state ?? null,
    stateProblems: () => [...(opened?.loaded.problems ?? []), ...(stateFile?.problems ?? [])],
    control,
    faults,
    setWebhook: (next) => {
      webhook = next ?? undefined;
    },
    webhookUrl: () => webhook?.url ?? null,
    close: async () => {
      notifier.close();
      clock.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stateFile?.close();
    },
  };
}

/**
 * Puts the persisted state back (clock first, so restored steps fall due at the right simulated
 * time), then has every later change journalled. Steps and retries that fell due while the simulator
 * was stopped run on the first turn of the clock.
 */
function restoreState(
  loaded: LoadedState,
  file: SimulatorStateFile,
  parts: {
    options: ReturnType<typeof resolveOptions>;
    clock: SimClock;
    book: TransactionBook;
    notifier: Notifier;
  },
): void {
  const { options, clock, book, notifier } = parts;
  // A record without a signature in a file without a key (edited by hand) gets one under a fresh key: no
  // client can know it, so its follow-ups are refused.
  const formerKey = loaded.config?.signatureKey ?? randomBytes(32).toString('hex');
  let derivedSignatures = false;
  clock.restoreOffset(loaded.clockOffsetMs);
  const terminals = new Map(options.terminals.map((terminal) => [terminal.terminalId, terminal]));
  for (const stored of loaded.transactions) {
    // A terminal this simulator no longer has keeps its transactions readable (but no token matches it).
    const terminal = terminals.get(stored.terminal) ?? {
      terminalId: stored.terminal,
      variant: stored.variant,
      token: '',
    };
    // Reused as is (no copy): at 100,000 transactions a copy each would double the memory of a start.
    const transaction = stored as unknown as Transaction;
    transaction.terminal = terminal;
    if (transaction.signature === '') {
      transaction.signature = formerDerivedSignature(formerKey, transaction.id);
      derivedSignatures = true;
    }
    book.restore(transaction);
  }
  for (const delivery of loaded.deliveries) notifier.restore(delivery, book.get(delivery.transactionID));
  // The book and the notifier hold them now; the loaded lists would otherwise keep them alive after a reset.
  loaded.transactions = [];
  loaded.deliveries = [];
  const config = {
    clientId: options.clientId,
    terminals: options.terminals.map(({ terminalId, variant, token }) => ({ terminalId, variant, token })),
  };
  if (JSON.stringify(config) !== JSON.stringify(loaded.config)) file.configChanged(config);
  clock.onOffsetChange = (offsetMs) => file.clockChanged(offsetMs);
  book.observe({
    changed: (transaction) => file.transactionChanged(transaction),
    statusQueried: (transaction) => file.statusQueried(transaction),
  });
  notifier.observe((delivery) => file.deliveryChanged(delivery));
  file.attach(
    {
      config: () => config,
      clockOffsetMs: () => clock.offsetMilliseconds,
      transactions: () => book.list(),
      deliveries: () => notifier.deliveries(),
      size: () => book.size + notifier.size,
    },
    loaded.problems.length > 0 || loaded.rewrite || derivedSignatures,
  );
}
