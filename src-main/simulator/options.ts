import { DEFAULT_API_VERSION, DEFAULT_BASE_PATH, DEFAULT_CLIENT_ID_HEADER, type Variant } from '@shared/gateway';
import type { Random } from './random';

export interface SimulatorTerminal {
  /** Digits only, at most 10 (the order sends it as a JSON number). */
  terminalId: string;
  variant: Variant;
  /** Bearer token tied to this terminal. */
  token: string;
  /** Overrides the simulator-wide webhook for this terminal. */
  webhook?: WebhookTarget;
}

export interface WebhookTarget {
  url: string;
  /** base64 text decoding to 32 bytes (AES-256-GCM key). */
  secret: string;
}

export interface NotificationOptions {
  /** Send every notification twice with the same notificationID. */
  duplicates?: boolean;
  /** Hold back non-final notifications so that a later one overtakes them. */
  outOfOrder?: boolean;
  /** How long the sender waits for an acknowledgement (real ms). Default 5000. */
  ackTimeoutMs?: number;
}

export interface SimulatorOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  basePath?: string;
  version?: string;
  clientIdHeader?: string;
  clientId?: string;
  /** Default: 1000001 (Variant A) and 1000002 (Variant B) with random tokens. */
  terminals?: SimulatorTerminal[];
  webhook?: WebhookTarget;
  /** Requests per second per client id; 0 or absent turns the limit off. */
  rateLimit?: number;
  /** Seconds an order stays payable. Default 1800. */
  orderTtlSeconds?: number;
  /** Seconds the shopper has to approve an MB WAY request. Default 240 (the real app's 4 minutes). */
  mbwayWindowSeconds?: number;
  /** Seconds before a magic MB WAY phone answers (approve / decline / funds). Default 5. */
  shopperDelaySeconds?: number;
  /** Seed for ids, tokens and signatures: same seed, same values. */
  seed?: number;
  /** Control API under /__simulator (loopback only). Default true. */
  control?: boolean;
  notifications?: NotificationOptions;
  /** merchant.websiteAddress in create responses (static per merchant, as configured at onboarding). */
  websiteAddress?: string;
  /** Largest request body accepted, in bytes. Default 256 KiB. */
  maxBodyBytes?: number;
  /** Milliseconds a client has to send a request's headers before it is cut off (408). Default 10 s. */
  headersTimeoutMs?: number;
  /** Milliseconds a client has to send a whole request, body included, before it is cut off. Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * File that keeps the simulator's state (transactions, clock, deliveries) across restarts; created
   * when missing. Absent: everything lives in memory. Its stored client id and terminals are used
   * unless `clientId` / `terminals` are given.
   */
  state?: string;
  /**
   * A request to `/worlds/<id>/…` for a world that does not exist creates it (when it carries this
   * simulator's client id, or is a control request): CI shards just put their name in the base URL.
   * Default false (the console creates its worlds itself; a mistyped base URL then gets a 404).
   */
  autoWorlds?: boolean;
  /**
   * Each world keeps a log of its shop's traffic (calls, notifications, acknowledgements) for the Traffic
   * view, findings and `certify`. Default true; the standalone simulator turns it on only when asked
   * (`--record-traffic`): a CI simulator holding a hundred worlds would otherwise keep up to 10,000 entries
   * each that nobody reads. A world's control API switches it per world (`POST …/traffic`).
   */
  recordTraffic?: boolean;
}

export interface ResolvedOptions {
  host: string;
  port: number;
  basePath: string;
  version: string;
  clientIdHeader: string;
  clientId: string;
  terminals: SimulatorTerminal[];
  webhook: WebhookTarget | undefined;
  rateLimit: number;
  orderTtlSeconds: number;
  mbwayWindowSeconds: number;
  shopperDelaySeconds: number;
  seed: number | undefined;
  control: boolean;
  recordTraffic: boolean;
  notifications: Required<NotificationOptions>;
  websiteAddress: string;
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

const normaliseBasePath = (path: string): string => {
  const trimmed = path.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
};

/** A timeout of 0 would mean "never": the simulator always has one. */
function positiveMilliseconds(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number of milliseconds above 0.`);
  return value;
}

export function resolveOptions(options: SimulatorOptions, random: Random): ResolvedOptions {
  const token = () => random.string(40);
  const terminals = options.terminals?.length
    ? options.terminals
    : [
        { terminalId: '1000001', variant: 'A' as const, token: token() },
        { terminalId: '1000002', variant: 'B' as const, token: token() },
      ];
  for (const terminal of terminals) {
    if (!/^\d{1,10}$/.test(terminal.terminalId))
      throw new Error(`Terminal id "${terminal.terminalId}" must be 1 to 10 digits.`);
    if (terminal.token.trim() === '') throw new Error(`Terminal ${terminal.terminalId} needs a bearer token.`);
  }
  if (new Set(terminals.map((t) => t.token)).size !== terminals.length)
    throw new Error('Each terminal needs its own bearer token (a token is tied to one terminal).');
  const headersTimeoutMs = positiveMilliseconds('headersTimeoutMs', options.headersTimeoutMs, 10_000);
  const requestTimeoutMs = positiveMilliseconds('requestTimeoutMs', options.requestTimeoutMs, 30_000);
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    basePath: normaliseBasePath(options.basePath ?? DEFAULT_BASE_PATH),
    version: (options.version ?? DEFAULT_API_VERSION).replace(/^\/+|\/+$/g, ''),
    clientIdHeader: options.clientIdHeader ?? DEFAULT_CLIENT_ID_HEADER,
    clientId: options.clientId ?? random.string(32),
    terminals,
    webhook: options.webhook,
    rateLimit: options.rateLimit ?? 0,
    orderTtlSeconds: options.orderTtlSeconds ?? 1800,
    mbwayWindowSeconds: options.mbwayWindowSeconds ?? 240,
    shopperDelaySeconds: options.shopperDelaySeconds ?? 5,
    seed: options.seed,
    control: options.control ?? true,
    recordTraffic: options.recordTraffic ?? true,
    notifications: {
      duplicates: options.notifications?.duplicates ?? false,
      outOfOrder: options.notifications?.outOfOrder ?? false,
      ackTimeoutMs: options.notifications?.ackTimeoutMs ?? 5000,
    },
    websiteAddress: options.websiteAddress ?? 'https://shop.sandbox.example',
    maxBodyBytes: options.maxBodyBytes ?? 256 * 1024,
    // Node refuses a headers timeout longer than the request's.
    headersTimeoutMs: Math.min(headersTimeoutMs, requestTimeoutMs),
    requestTimeoutMs,
  };
}
