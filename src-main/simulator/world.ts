/**
 * One isolated world of the simulator: its own transactions, clock, notification deliveries, one-shot
 * faults, rate limiter and persisted state. The simulator's own state is the default world (served at
 * the plain paths); other worlds are served under `/worlds/<id>` (worlds.ts). Credentials and the
 * webhook are the simulator's: a world is chosen by the path of the base URL, never by a header.
 */
import { randomBytes } from 'node:crypto';
import { SimClock } from './clock';
import { addControlRoutes, CONTROL_PREFIX } from './control-routes';
import { SimulatorControl } from './control';
import { addGatewayRoutes } from './gateway-endpoints';
import { Notifier } from './notifier';
import type { ResolvedOptions, WebhookTarget } from './options';
import { addQaFaultRoutes, QaFaults } from './qa-faults';
import { createRandom, type Random } from './random';
import { RateLimiter } from './rate-limiter';
import { Router } from './router';
import type { LoadedState, SimulatorStateFile } from './state-file';
import { TransactionBook, type Transaction } from './transactions';
import { ShopTrafficLog } from '../shop/traffic-log';
import type { CallCaptureContext } from './shop-capture';
import { addTrafficRoutes, captureNotifications } from './traffic-routes';

/** The id of the simulator's own state, served at `/api/...` and `/__simulator/...` (and under `/worlds/default`). */
export const DEFAULT_WORLD_ID = 'default';

/** What the console and tests hold of a world. */
export interface SimWorld {
  /** `default` for the simulator's own state; otherwise `[a-z0-9][a-z0-9-]{0,39}`. */
  readonly id: string;
  /** Path prefix before `/{version}/payments`: `/worlds/<id>/api` (the default world: `/api`). */
  readonly basePath: string;
  /** Where `/payments` lives: `http://127.0.0.1:4010/worlds/<id>/api/v2` (a profile's base URL + path). */
  readonly apiUrl: string;
  /** This world's control API: `http://127.0.0.1:4010/worlds/<id>/__simulator`. */
  readonly controlUrl: string;
  /** The file this world persists to, or null when it lives in memory only. */
  readonly statePath: string | null;
  /** Clock, shopper steps, listing and reset of this world only. */
  readonly control: SimulatorControl;
  /** One-shot faults armed on this world only. */
  readonly faults: QaFaults;
  /**
   * Sends this world's notifications to `target` instead of the simulator's webhook (null: back to it):
   * the shop under test's own receiver, while every other world keeps delivering to the console's.
   */
  setWebhook(target: WebhookTarget | null): void;
  /** Every call its shop made and every notification sent to the shop, masked (docs/shop-testing.md). */
  readonly traffic: ShopTrafficLog;
}

/** A world as the server holds it: its routers and the parts it closes. */
export interface HostedWorld extends SimWorld {
  /** `/worlds/<id>`, or '' for the default world: what precedes the gateway and control paths. */
  readonly pathPrefix: string;
  readonly gateway: Router;
  readonly controlRouter: Router;
  readonly stateFile: SimulatorStateFile | null;
  /** The world's clock: its answers' `Date` header states this time. */
  readonly clock: SimClock;
  /** What the capture of a gateway call needs of this world (shop-capture.ts). */
  readonly callCapture: CallCaptureContext;
  /** Problems met reading (at open) or writing this world's state file. */
  stateProblems(): string[];
  /** Stops its timers and notification attempts and closes its state file (kept on disk). */
  close(): void;
}

export interface WorldParts {
  id: string;
  /** `/worlds/<id>` or '' (default world). */
  pathPrefix: string;
  options: ResolvedOptions;
  random: Random;
  /** http://host:port of the running server ('' until it listens). */
  origin: () => string;
  /** The simulator-wide webhook (a terminal's own webhook still wins). */
  webhook: () => WebhookTarget | undefined;
  /** The opened state file and what it held, or null for a world in memory only. */
  opened: { file: SimulatorStateFile; loaded: LoadedState } | null;
  /** For a new world: how far ahead of real time its clock starts (ms). */
  clockOffsetMs?: number;
  /** Extra fields of this world's `GET <control>` description (the world list). */
  describeExtra?: () => Record<string, unknown>;
}

export function openWorld(parts: WorldParts): HostedWorld {
  const { id, pathPrefix, options, random, opened } = parts;
  const clock = new SimClock();
  const book = new TransactionBook(clock, random);
  // Its own seeded sequence (not the world's): drawing fault latencies must not change the ids it issues.
  const faults = new QaFaults(createRandom(options.seed === undefined ? undefined : faultSeed(options.seed, id)));
  let ownWebhook: WebhookTarget | null = null;
  const notifier = new Notifier(
    clock,
    random,
    options.notifications,
    (transaction) => ownWebhook ?? transaction.terminal.webhook ?? parts.webhook(),
    faults,
  );
  book.onChange((transaction, change) => notifier.notify(transaction, change));
  const traffic = new ShopTrafficLog();
  traffic.recording = options.recordTraffic;
  captureNotifications(notifier, traffic, id, clock);
  const callCapture: CallCaptureContext = {
    worldId: id,
    traffic,
    apiPath: `${options.basePath}/${options.version}`,
    clientIdHeader: options.clientIdHeader,
    worldNow: () => clock.now(),
    credentials: () => [options.clientId, ...options.terminals.map((terminal) => terminal.token)],
    signatureOf: (transactionID) => book.get(transactionID)?.signature,
    // Only on a mismatch (rare): a walk over the book rather than a second index kept on every create.
    ownerOfSignature: (signature) => book.list().find((transaction) => transaction.signature === signature)?.id ?? null,
  };
  const stateFile = opened?.file ?? null;
  // A reset forgets the world's traffic too: what its shop did belongs to the transactions that are gone.
  const control = new SimulatorControl(clock, book, notifier, () => {
    stateFile?.reset();
    traffic.clear();
  });
  if (opened) {
    if (parts.clockOffsetMs !== undefined) opened.loaded.clockOffsetMs = parts.clockOffsetMs;
    restoreState(opened.loaded, opened.file, { options, clock, book, notifier });
    // A new world's starting offset is in the file from its first line on, not only after a clock move.
    if (parts.clockOffsetMs) opened.file.clockChanged(parts.clockOffsetMs);
  } else if (parts.clockOffsetMs) {
    clock.restoreOffset(parts.clockOffsetMs);
  }

  const worldOrigin = () => `${parts.origin()}${pathPrefix}`;
  const gateway = new Router();
  addGatewayRoutes(gateway, {
    options,
    clock,
    random,
    book,
    limiter: new RateLimiter(options.rateLimit),
    origin: worldOrigin,
  });
  const controlRouter = new Router();
  const describe = () => ({
    ...(pathPrefix ? { world: id } : {}),
    url: parts.origin(),
    apiUrl: `${worldOrigin()}${options.basePath}/${options.version}`,
    clientIdHeader: options.clientIdHeader,
    terminals: options.terminals.map(({ terminalId, variant }) => ({ terminalId, variant })),
    clock: control.clockView(),
    transactions: book.size,
    webhookUrl: (ownWebhook ?? parts.webhook())?.url ?? null,
    ...parts.describeExtra?.(),
  });
  addControlRoutes(controlRouter, control, options, describe);
  addQaFaultRoutes(controlRouter, CONTROL_PREFIX, faults);
  addTrafficRoutes(controlRouter, CONTROL_PREFIX, traffic);

  return {
    id,
    pathPrefix,
    basePath: `${pathPrefix}${options.basePath}`,
    get apiUrl() {
      return `${worldOrigin()}${options.basePath}/${options.version}`;
    },
    get controlUrl() {
      return `${worldOrigin()}${CONTROL_PREFIX}`;
    },
    statePath: stateFile?.path ?? null,
    control,
    faults,
    setWebhook: (target) => {
      ownWebhook = target;
    },
    traffic,
    callCapture,
    gateway,
    controlRouter,
    stateFile,
    clock,
    stateProblems: () => [...(opened?.loaded.problems ?? []), ...(stateFile?.problems ?? [])],
    close: () => {
      notifier.close();
      clock.close();
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
    options: ResolvedOptions;
    clock: SimClock;
    book: TransactionBook;
    notifier: Notifier;
  },
): void {
  const { options, clock, book, notifier } = parts;
  let signaturesAdded = false;
  clock.restoreOffset(loaded.clockOffsetMs);
  // Set before the book is observed: putting it back is not a change to journal again.
  if (loaded.shopper) book.setShopper(loaded.shopper);
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
    // A record without a signature (edited by hand) gets a fresh random one: no client can know it, so its
    // follow-ups are refused, and the file is rewritten with it.
    if (transaction.signature === '') {
      transaction.signature = randomBytes(32).toString('hex');
      signaturesAdded = true;
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
    shopperChanged: (shopper) => file.shopperChanged(shopper),
  });
  notifier.observe((delivery) => file.deliveryChanged(delivery));
  file.attach(
    {
      config: () => config,
      clockOffsetMs: () => clock.offsetMilliseconds,
      transactions: () => book.list(),
      deliveries: () => notifier.deliveries(),
      shopper: () => book.shopper,
      size: () => book.size + notifier.size,
    },
    loaded.problems.length > 0 || loaded.rewrite || signaturesAdded,
  );
}

/** The seed of a world's fault draws: its own per world, fixed by the simulator's seed. */
function faultSeed(seed: number, id: string): number {
  let hash = 0x9e3779b9;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return (seed ^ hash) >>> 0;
}
