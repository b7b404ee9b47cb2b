/**
 * The merchant-notification receiver: an HTTP listener (loopback unless told otherwise) that finds the
 * webhook secret that fits, journals every delivery — good or bad — and only then answers: HTTP 200 with
 * the acknowledgement for what it recorded, non-200 for anything it could not decrypt or record, so the
 * gateway retries (docs/gateway-behaviour.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryProblemCode, DeliveryRecord, ReceiverStatus } from '@shared/contract/notifications';
import { NOTIFICATION_IV_HEADER, NOTIFICATION_TAG_HEADER, parseNotification } from '@shared/notification';
import { buildNotificationAck } from '@shared/notification-ack';
import { logger } from '../common/logger';
import { maskHeaderValue } from '@shared/secret-mask';
import { CLEAR_HEADERS, looksLikeCredentialHeader } from '../common/credential-headers';
import { redactText } from '../common/redact-text';
import { isLoopbackHost } from '@shared/origin';
import type { DeliveryDraft, DeliveryJournal } from './delivery-journal';
import { decryptNotification } from './notification-crypto';
import { notificationIdIn, redactNotificationPlaintext } from './notification-redaction';
import { SourceRateLimit } from './source-rate-limit';

export interface SecretCandidate {
  profileId: string;
  /** The profile's terminal id (digits). */
  terminalId: string;
  /** Base64 webhook secret. Never logged, journaled or returned. */
  secret: string;
  /**
   * Whether the profile made this transaction: profiles that share a secret and a terminal (the Sandbox
   * and the console's other worlds) are told apart by whose transaction the notification is about.
   */
  owns?: (transactionId: string) => boolean;
}

export interface ReceiverOptions {
  journal: DeliveryJournal;
  /** The webhook secrets to try, asked afresh for every delivery so profile edits apply at once. */
  secretsProvider: () => SecretCandidate[] | Promise<SecretCandidate[]>;
  /** Default 127.0.0.1. Anything not loopback is allowed but warned about. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default /notifications. */
  path?: string;
  maxBodyBytes?: number;
  /** Time a sender has for a whole request, headers and body (default 30 s); a stalled one is cut off. */
  requestTimeoutMs?: number;
  /** Refused deliveries journaled per source per minute (default 30); beyond it they are answered 429. */
  maxRejectedPerMinute?: number;
  /** Called after each delivery was journaled (before the answer is written). */
  onDelivery?: (record: DeliveryRecord) => void;
}

/** Maps a received notification to the instant it is recorded at (see `stampReceiptsWith`). */
export type ReceiptTime = (notification: NonNullable<DeliveryRecord['notification']>, wallClock: Date) => Date | null;

export const DEFAULT_RECEIVER_PATH = '/notifications';
const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** A refused delivery's body is kept only this far (with a hash of the whole): enough to see what it was. */
const REFUSED_BODY_PREFIX_BYTES = 4 * 1024;

/** The notification's own headers: not credentials (the IV and tag are useless without the secret). */
const NOTIFICATION_HEADERS = new Set(['x-initialization-vector', 'x-authentication-tag', 'host', 'user-agent']);

export { isLoopbackHost };

interface Problem {
  code: DeliveryProblemCode;
  message: string;
  status: number;
}

type Outcome =
  | {
      ok: true;
      profileId: string;
      plaintext: string;
      notification: DeliveryRecord['notification'];
      /** The id to echo in the acknowledgement. */
      ackId: string;
      /** Authentic but unusable: acknowledged (the gateway would retry it for ever) and journaled with why. */
      unusable?: Problem;
      /** The plaintext held card data: the encrypted body is not kept. */
      heldCardData: boolean;
    }
  | {
      ok: false;
      problem: Problem;
      profileId?: string;
      plaintext?: string;
      notification?: DeliveryRecord['notification'];
      heldCardData?: boolean;
    };

export class NotificationReceiver {
  private server: Server | null = null;
  private address: AddressInfo | null = null;
  private journalError: string | null = null;
  private startError: string | null = null;
  private readonly host: string;
  private readonly port: number;
  private readonly path: string;
  private readonly maxBodyBytes: number;
  private readonly requestTimeoutMs: number;
  private readonly refusedPerSource: SourceRateLimit;
  /** While set (the demo seeding), what a parsed notification's `receivedAt` is instead of the wall clock. */
  private receiptTime: ReceiptTime | null = null;

  constructor(private readonly options: ReceiverOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.port = options.port ?? 0;
    this.path = options.path ?? DEFAULT_RECEIVER_PATH;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.refusedPerSource = new SourceRateLimit(options.maxRejectedPerMinute ?? 30, 60_000);
    if (!this.path.startsWith('/')) throw new Error(`The receiver path must start with "/" (got "${this.path}").`);
  }

  /**
   * The onboarding demo lives its weeks ahead on the simulator clock and moves what it records back onto
   * the story's time line; notifications received meanwhile must land there too, or a seeded
   * transaction's timeline would show them all "now". `null` restores the wall clock.
   */
  stampReceiptsWith(receiptTime: ReceiptTime | null): void {
    this.receiptTime = receiptTime;
  }

  async start(): Promise<ReceiverStatus> {
    if (this.server) return this.status();
    // A sender that stalls mid-body must not hold a socket for ever. Node checks these limits only every
    // `connectionsCheckingInterval` (30 s by default, so a 30 s limit took up to 75 s): checked every second.
    const server = createServer(
      {
        requestTimeout: this.requestTimeoutMs,
        headersTimeout: this.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, this.requestTimeoutMs),
      },
      (request, response) => {
        this.handle(request, response).catch((error: unknown) => {
          logger.error('notification receiver failed on a delivery', error);
          if (!response.headersSent) this.answer(response, 500, { error: 'internal', message: 'Receiver error.' });
        });
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.port, this.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.startError = error instanceof Error ? error.message : String(error);
      throw error;
    }
    this.startError = null;
    this.server = server;
    this.address = server.address() as AddressInfo;
    const status = this.status();
    if (status.beyondLoopback && status.warning) logger.warn(status.warning);
    else logger.info(`notification receiver listening on ${status.url}`);
    return status;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.address = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The URL to give the gateway or the simulator, or null when not listening. */
  get url(): string | null {
    if (!this.address) return null;
    const { address, port } = this.address;
    // Bound to every interface: local senders (the simulator) still reach it on loopback.
    const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}${this.path}`;
  }

  status(): ReceiverStatus {
    const beyondLoopback = !isLoopbackHost(this.address?.address ?? this.host);
    const warnings = [
      this.startError ? `The notification receiver is not listening: ${this.startError}.` : null,
      beyondLoopback
        ? `The notification receiver listens on ${this.host}, reachable from other machines: anyone who can reach it can post deliveries into the journal.`
        : null,
      this.journalError
        ? `The last delivery could not be journaled (${this.journalError}); it was refused so the sender retries.`
        : null,
    ].filter((text): text is string => text !== null);
    return {
      listening: this.server !== null,
      url: this.url,
      host: this.host,
      port: this.address?.port ?? null,
      path: this.path,
      boundAddress: this.address ? `${this.address.address}:${this.address.port}` : null,
      beyondLoopback,
      warning: warnings.length ? warnings.join(' ') : null,
      deliveries: this.options.journal.size,
      unreadableJournalLines: this.options.journal.unreadableLines,
      suppressedDeliveries: this.refusedPerSource.suppressed,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const wallReceivedAt = new Date();
    const { bytes, truncated } = await readBody(request, this.maxBodyBytes);
    const outcome = await this.judge(request, bytes, truncated);
    const receivedAt = (
      (outcome.notification && this.receiptTime?.(outcome.notification, wallReceivedAt)) ||
      wallReceivedAt
    ).toISOString();
    const source = request.socket.remoteAddress ?? 'unknown';
    // A flood of garbage from one source is answered, not journaled: the journal and memory stay bounded
    // while genuine notifications (which are authentic, so never counted here) are still received.
    if (!outcome.ok && !this.refusedPerSource.allow(source)) {
      response.setHeader('retry-after', '60');
      this.answer(response, 429, { error: 'rate-limited', message: 'Too many refused deliveries from this source.' });
      return;
    }
    const draft: DeliveryDraft = {
      id: randomUUID(),
      receivedAt,
      remoteAddress: request.socket.remoteAddress ?? null,
      method: request.method ?? '',
      path: request.url ?? '',
      headers: maskCredentialHeaders(request),
      ...keptBody(bytes, truncated, outcome),
      verdict: outcome.ok ? 'accepted' : 'rejected',
      httpStatus: outcome.ok ? 200 : outcome.problem.status,
      problem: outcome.ok
        ? outcome.unusable
          ? { code: outcome.unusable.code, message: outcome.unusable.message }
          : null
        : { code: outcome.problem.code, message: outcome.problem.message },
      profileId: outcome.profileId ?? null,
      plaintext: outcome.plaintext ?? null,
      notification: outcome.notification ?? null,
    };
    let record: DeliveryRecord;
    try {
      record = await this.options.journal.append(draft);
      this.journalError = null;
    } catch (error) {
      // Not recorded means not acknowledged: the gateway keeps the notification and retries.
      this.journalError = error instanceof Error ? error.message : String(error);
      logger.error('notification delivery could not be journaled; answering 503 so the sender retries', error);
      this.answer(response, 503, {
        error: 'journal-unavailable',
        message: 'The delivery could not be recorded; retry later.',
      });
      return;
    }
    try {
      this.options.onDelivery?.(record);
    } catch (error) {
      logger.warn('notification delivery listener failed', error);
    }
    if (outcome.ok) this.answer(response, 200, buildNotificationAck(outcome.ackId));
    else
      this.answer(response, outcome.problem.status, { error: outcome.problem.code, message: outcome.problem.message });
  }

  /** Decides the verdict of one delivery; never throws for anything the sender controls. */
  private async judge(request: IncomingMessage, body: Buffer, truncated: boolean): Promise<Outcome> {
    const reject = (code: DeliveryProblemCode, status: number, message: string): Outcome => ({
      ok: false,
      problem: { code, status, message },
    });
    const path = (request.url ?? '').split('?')[0];
    if (path !== this.path)
      return reject('wrong-path', 404, `Notifications are received on ${this.path}, not ${path}.`);
    if (request.method !== 'POST')
      return reject('wrong-method', 405, `Notifications must be POSTed (got ${request.method}).`);
    if (truncated) return reject('body-too-large', 413, `The body is larger than ${this.maxBodyBytes} bytes.`);

    let candidates: SecretCandidate[];
    try {
      candidates = await this.options.secretsProvider();
    } catch (error) {
      // A locked keychain must not turn into an unrecorded 500: journal it, refuse it, let the gateway retry.
      const why = error instanceof Error ? error.message : String(error);
      return reject('no-webhook-secrets', 503, `The webhook secrets could not be read (${why}).`);
    }
    if (candidates.length === 0) {
      return reject(
        'no-webhook-secrets',
        503,
        'No profile has a webhook secret, so the notification cannot be decrypted.',
      );
    }
    const iv = headerText(request, NOTIFICATION_IV_HEADER);
    const tag = headerText(request, NOTIFICATION_TAG_HEADER);
    const bodyText = body.toString('utf8');

    const secrets = candidates.map((candidate) => candidate.secret);
    const fits: Array<{ candidate: SecretCandidate; plaintext: string; json: unknown; heldCardData: boolean }> = [];
    let badSecrets = 0;
    for (const candidate of candidates) {
      const outcome = decryptNotification({ secret: candidate.secret, iv, tag, body: bodyText });
      if (outcome.ok) {
        // Redacted before anything else sees it: the journal, the answer, the renderer, IndexedDB.
        const safe = redactNotificationPlaintext(outcome.plaintext, outcome.json, secrets);
        fits.push({ candidate, plaintext: safe.text, json: safe.json, heldCardData: safe.changed });
        continue;
      }
      const { code, message } = outcome.error;
      if (code.startsWith('secret-')) badSecrets += 1;
      else if (outcome.authenticPlaintext !== undefined) {
        // The key fitted (GCM authenticated) but the content is unusable: journaled and acknowledged, since
        // the gateway would otherwise resend it for ever; the journal says why it could not be read.
        const safe = redactNotificationPlaintext(outcome.authenticPlaintext, undefined, secrets);
        return {
          ok: true,
          profileId: candidate.profileId,
          plaintext: safe.text,
          notification: null,
          ackId: notificationIdIn(safe.text) ?? '',
          unusable: { code, message, status: 200 },
          heldCardData: safe.changed,
        };
      } else if (code !== 'authentication-failed') {
        // The IV, tag or body is malformed: the same for every candidate.
        return reject(code, 400, message);
      }
    }
    const first = fits[0];
    if (!first && badSecrets === candidates.length) {
      return reject(
        'no-webhook-secrets',
        503,
        `None of the ${candidates.length} stored webhook secret(s) is a valid base64 key of 32 bytes.`,
      );
    }
    if (!first) {
      return reject(
        'authentication-failed',
        403,
        `None of the ${candidates.length - badSecrets} webhook secret(s) authenticates this notification: it was encrypted with another secret, or its tag, IV or body was altered.`,
      );
    }
    const parsed = parseNotification(first.json);
    if (!parsed.ok) {
      return {
        ok: true,
        profileId: first.candidate.profileId,
        plaintext: first.plaintext,
        notification: null,
        ackId: notificationIdIn(first.plaintext) ?? '',
        unusable: { code: 'not-a-notification', message: parsed.problem, status: 200 },
        heldCardData: first.heldCardData,
      };
    }
    const notification = parsed.notification;
    // Several profiles may share one secret: the terminal id inside says which one it is for.
    const sameTerminal =
      notification.terminalId === null
        ? fits
        : fits.filter((fit) => fit.candidate.terminalId === notification.terminalId);
    const transactionId = notification.transactionId;
    const owner =
      (transactionId ? sameTerminal.find((fit) => fit.candidate.owns?.(transactionId) === true) : undefined) ??
      (notification.terminalId === null ? first : sameTerminal[0]);
    if (!owner) {
      return {
        ...reject(
          'terminal-mismatch',
          422,
          `Decrypted with the webhook secret of profile ${first.candidate.profileId}, but merchant.terminalId ${notification.terminalId} is not the terminal of any profile using that secret.`,
        ),
        profileId: first.candidate.profileId,
        plaintext: first.plaintext,
        notification,
        heldCardData: first.heldCardData,
      };
    }
    return {
      ok: true,
      profileId: owner.candidate.profileId,
      plaintext: owner.plaintext,
      notification,
      ackId: notification.notificationId,
      heldCardData: owner.heldCardData,
    };
  }

  private answer(response: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }
}

function headerText(request: IncomingMessage, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function maskCredentialHeaders(request: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headersDistinct)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const clear = CLEAR_HEADERS.has(lower) || NOTIFICATION_HEADERS.has(lower);
    const kept = value.map((item) =>
      lower === 'authorization' || lower === 'proxy-authorization' || (!clear && looksLikeCredentialHeader(lower, item))
        ? maskHeaderValue(item)
        : redactText(item),
    );
    headers[lower] = kept.length === 1 ? (kept[0] ?? '') : kept;
  }
  return headers;
}

/**
 * What the journal keeps of the body. Accepted: the body as received, unless its plaintext held card data —
 * then nothing (it can be decrypted again with the webhook secret), only its hash. Refused: a short prefix
 * and the hash of the whole, so a flood of large garbage bodies cannot fill the disk.
 */
function keptBody(
  bytes: Buffer,
  truncated: boolean,
  outcome: Outcome,
): Pick<DeliveryDraft, 'body' | 'bodyEncoding' | 'bodyTruncated' | 'bodySha256' | 'bodyWithheld'> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (outcome.heldCardData)
    return { body: '', bodyEncoding: 'utf8', bodyTruncated: true, bodySha256: sha256, bodyWithheld: 'card-data' };
  const kept = outcome.ok ? bytes : bytes.subarray(0, REFUSED_BODY_PREFIX_BYTES);
  const shortened = kept.length < bytes.length;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(kept);
  const isUtf8 = Buffer.from(text, 'utf8').equals(kept);
  return {
    // A refused body may be plain text posted by anyone: card data in it is masked like everywhere else.
    body: isUtf8 ? (outcome.ok ? text : redactText(text)) : kept.toString('base64'),
    bodyEncoding: isUtf8 ? 'utf8' : 'base64',
    bodyTruncated: truncated || shortened,
    ...(shortened || truncated ? { bodySha256: sha256 } : {}),
  };
}

/** Reads up to `limit` bytes; the rest is drained so the answer can still be written. */
async function readBody(request: IncomingMessage, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      truncated = true;
      chunks.push(chunk.subarray(0, Math.max(0, limit - size)));
      size = limit;
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated };
}
