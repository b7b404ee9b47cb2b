/**
 * `startSimulator(options)`: the embedded gateway on node:http. Used by the CLI (`npm run simulator`),
 * by the console core for the Sandbox profile, and by tests. Electron-free.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkClientId } from './auth';
import { checkControlRequest } from './control-guard';
import { CONTROL_PREFIX, isLoopback } from './control-routes';
import type { SimulatorControl } from './control';
import { SimError, httpError } from './errors';
import { header, sendError } from './http-io';
import { resolveOptions, type SimulatorOptions, type SimulatorTerminal, type WebhookTarget } from './options';
import { createRandom } from './random';
import { performCallFault } from './call-faults';
import { operationOf } from '../shop/capture';
import { followShopCall, type PendingShopCall } from './shop-capture';
import { simulatorResponse, type AnswerClock } from './simulator-response';
import { SimulatorStateFile } from './state-file';
import type { QaFaults } from './qa-faults';
import { DEFAULT_WORLD_ID, openWorld, type HostedWorld } from './world';
import { addWorldRoutes } from './world-routes';
import { splitWorldPath, WorldRegistry, type SimWorlds } from './worlds';

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
  /** The default world's controls (its clock, transactions, reset). */
  control: SimulatorControl;
  /** One-shot test controls of the default world: the next call's answer, the next notification's fate (qa-faults.ts). */
  faults: QaFaults;
  /** Isolated worlds, each served under `/worlds/<id>/…` (worlds.ts, docs/simulator.md). */
  worlds: SimWorlds;
  /** Points notifications at a webhook (or stops them with null); terminals with their own webhook keep it. */
  setWebhook(webhook: WebhookTarget | null): void;
  webhookUrl(): string | null;
  close(): Promise<void>;
}

/** Where the control API's paths start (made once: every request is checked against it). */
const CONTROL_PATHS = `${CONTROL_PREFIX}/`;

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
  let webhook: WebhookTarget | undefined = options.webhook;
  let origin = '';
  let port = 0;
  const host = { options, origin: () => origin, webhook: () => webhook };
  const defaultWorld = openWorld({ ...host, id: DEFAULT_WORLD_ID, pathPrefix: '', random, opened });
  const worlds = new WorldRegistry(
    { ...host, statePath: input.state ?? null, autoCreate: input.autoWorlds ?? false },
    defaultWorld,
  );
  worlds.restore();
  addWorldRoutes(defaultWorld.controlRouter, worlds, options.maxBodyBytes);

  /** A request that may create the world it names (auto worlds): one carrying this simulator's client id. */
  const carriesClientId = (req: IncomingMessage): boolean => {
    try {
      checkClientId(header(req, options.clientIdHeader) ?? '', options);
      return true;
    } catch {
      return false;
    }
  };

  /**
   * A world is made on first use only by a caller that could use it: the control API's (checked before)
   * or a gateway client with this simulator's client id. A web page knows neither.
   */
  const madeOnFirstUse = (id: string, req: IncomingMessage, asControl: boolean): HostedWorld => {
    if (!worlds.autoCreate || !(asControl || carriesClientId(req)))
      throw httpError(
        404,
        `The world "${id}" does not exist; create it with POST ${CONTROL_PREFIX}/worlds {"id":"${id}"}.`,
      );
    return worlds.create({ id });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = pathOf(req.url ?? '/');
    const addressed = splitWorldPath(pathname);
    const path = addressed?.rest ?? pathname;
    const isControl = path === CONTROL_PREFIX || path.startsWith(CONTROL_PATHS);
    // Without --no-control and from loopback only; otherwise the control API simply does not exist.
    const asControl = isControl && options.control && isLoopback(req);
    if (asControl) checkControlRequest(req, port);
    const world = addressed ? (worlds.get(addressed.id) ?? madeOnFirstUse(addressed.id, req, asControl)) : defaultWorld;
    // The answer states this world's time in its Date header (a client learns the gateway's clock there).
    (res as ServerResponse & { answerClock: AnswerClock }).answerClock = world.clock;
    const router = asControl ? world.controlRouter : world.gateway;
    let pending: PendingShopCall | null = null;
    if (!asControl && world.traffic.recording) {
      const target = req.url ?? '/';
      const query = target.indexOf('?');
      pending = followShopCall(world.callCapture, req, res, query < 0 ? path : `${path}${target.slice(query)}`);
    }
    // An armed fault is the tester's, for their next call: only a request carrying credentials uses it up,
    // never one a web page can make (a cross-site request cannot send Authorization without a preflight).
    if (!asControl && req.headers.authorization) {
      if (world.faults.hasNextCall) {
        pending?.teeBody();
        if (await world.faults.intercept(req, res)) return;
      }
      if (world.faults.hasCallFaults) {
        const { operation } = operationOf(req.method ?? 'GET', path, world.callCapture.apiPath);
        const fault = world.faults.takeCallFault(operation);
        if (fault && (await performCallFault(fault, req, res, world.faults.random, () => pending?.teeBody()))) return;
      }
    }
    // Right before the route (no await in between): it reads the body in this same tick.
    pending?.teeBody();
    await router.handle(req.method ?? 'GET', path, req, res);
  };

  const server = createServer(
    {
      ServerResponse: simulatorResponse(worlds, defaultWorld.clock),
      // No request may hang the simulator: slow headers or bodies are cut off (408, connection closed).
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // Node checks both only this often (30 s by default): a client trickling one header line a second
      // was then held for 30 s rather than 10.
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    (req, res) => {
      // The request came: from here on the headers and request timeouts apply, and a handler that takes
      // long (a clock jump awaiting notification retries) must not be cut off as idle. Node has already
      // cleared it on a kept-alive connection's later requests; only the first still carries it.
      if (req.socket.timeout !== 0) req.socket.setTimeout(0);
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
  const hostName = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostName}:${address.port}`;
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
    stateProblems: () => worlds.problems(),
    control: defaultWorld.control,
    faults: defaultWorld.faults,
    worlds,
    setWebhook: (next) => {
      webhook = next ?? undefined;
    },
    webhookUrl: () => webhook?.url ?? null,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      worlds.close();
    },
  };
}
