/**
 * The receive pipeline of merchant notifications, with no HTTP in it: finds the webhook secret that fits,
 * decrypts and verifies, journals every delivery — good or bad — and only then decides the answer: HTTP 200
 * with the acknowledgement for what it recorded, non-200 for anything it could not decrypt or record, so
 * the gateway retries (docs/gateway-behaviour.md). receiver.ts is the HTTP adapter in front of it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { DeliveryProblemCode, DeliveryRecord } from '@shared/contract/notifications';
import { NOTIFICATION_IV_HEADER, NOTIFICATION_TAG_HEADER, parseNotification } from '@shared/notification';
import { buildNotificationAck } from '@shared/notification-ack';
import { logger } from '../common/logger';
import { maskHeaderValue } from '@shared/secret-mask';
import { CLEAR_HEADERS, looksLikeCredentialHeader } from '../common/credential-headers';
import { withSecretKeysMasked } from '../common/masked-keys';
import { redactText, secretsWith } from '../common/redact-text';
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

/** Request headers by lower-case name, each with every value it was sent with. */
export type DeliveryHeaders = Readonly<Record<string, readonly string[] | undefined>>;

/** One delivery as it arrived, whatever carried it. */
export interface IncomingDelivery {
  method: string;
  /** The request target: path and query. */
  url: string;
  headers: DeliveryHeaders;
  remoteAddress: string | null;
  /** The body, cut at the size limit. */
  body: Buffer;
  /** The body was larger than the limit. */
  truncated: boolean;
}

/** What to answer the sender. */
export interface DeliveryAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface PipelineOptions {
  journal: DeliveryJournal;
  /** The webhook secrets to try, asked afresh for every delivery so profile edits apply at once. */
  secretsProvider: () => SecretCandidate[] | Promise<SecretCandidate[]>;
  /** The path deliveries are received on. */
  path: string;
  /** The body size limit, named in the refusal of a larger body. */
  maxBodyBytes: number;
  /** Refused deliveries journaled per source per minute (default 30); beyond it they are answered 429. */
  maxRejectedPerMinute?: number;
  /** Called after each delivery was journaled (before the answer is written). */
  onDelivery?: (record: DeliveryRecord) => void;
}

/** Maps a received notification to the instant it is recorded at (see `stampReceiptsWith`). */
export type ReceiptTime = (notification: NonNullable<DeliveryRecord['notification']>, wallClock: Date) => Date | null;

/** A refused delivery's body is kept only this far (with a hash of the whole): enough to see what it was. */
const REFUSED_BODY_PREFIX_BYTES = 4 * 1024;

/** The notification's own headers: not credentials (the IV and tag are useless without the secret). */
const NOTIFICATION_HEADERS = new Set(['x-initialization-vector', 'x-authentication-tag', 'host', 'user-agent']);

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

export class ReceivePipeline {
  /** Why the last delivery could not be journaled; null once one was. */
  journalError: string | null = null;
  private readonly refusedPerSource: SourceRateLimit;
  /** While set (the demo seeding), what a parsed notification's `receivedAt` is instead of the wall clock. */
  private receiptTime: ReceiptTime | null = null;

  constructor(private readonly options: PipelineOptions) {
    this.refusedPerSource = new SourceRateLimit(options.maxRejectedPerMinute ?? 30, 60_000);
  }

  /** Refused deliveries answered 429 without being journaled. */
  get suppressedDeliveries(): number {
    return this.refusedPerSource.suppressed;
  }

  stampReceiptsWith(receiptTime: ReceiptTime | null): void {
    this.receiptTime = receiptTime;
  }

  /**
   * Receives one delivery: decides its verdict, journals it (good or bad) and says what to answer. The
   * answer is 200 with the acknowledgement only once the delivery is recorded; never throws for anything
   * the sender controls.
   */
  async receive(delivery: IncomingDelivery): Promise<DeliveryAnswer> {
    const wallReceivedAt = new Date();
    const { body: bytes, truncated } = delivery;
    const outcome = await this.judge(delivery);
    const receivedAt = (
      (outcome.notification && this.receiptTime?.(outcome.notification, wallReceivedAt)) ||
      wallReceivedAt
    ).toISOString();
    const source = delivery.remoteAddress ?? 'unknown';
    // A flood of garbage from one source is answered, not journaled: the journal and memory stay bounded
    // while genuine notifications (which are authentic, so never counted here) are still received.
    if (!outcome.ok && !this.refusedPerSource.allow(source)) {
      return {
        status: 429,
        headers: { 'retry-after': '60' },
        body: { error: 'rate-limited', message: 'Too many refused deliveries from this source.' },
      };
    }
    const draft: DeliveryDraft = {
      id: randomUUID(),
      receivedAt,
      remoteAddress: delivery.remoteAddress,
      method: delivery.method,
      path: delivery.url,
      headers: maskCredentialHeaders(delivery.headers),
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
      return {
        status: 503,
        body: { error: 'journal-unavailable', message: 'The delivery could not be recorded; retry later.' },
      };
    }
    try {
      this.options.onDelivery?.(record);
    } catch (error) {
      logger.warn('notification delivery listener failed', error);
    }
    if (outcome.ok) return { status: 200, body: buildNotificationAck(outcome.ackId) };
    return { status: outcome.problem.status, body: { error: outcome.problem.code, message: outcome.problem.message } };
  }

  /** Decides the verdict of one delivery; never throws for anything the sender controls. */
  private async judge(delivery: IncomingDelivery): Promise<Outcome> {
    const { body, truncated } = delivery;
    const reject = (code: DeliveryProblemCode, status: number, message: string): Outcome => ({
      ok: false,
      problem: { code, status, message },
    });
    const path = delivery.url.split('?')[0];
    if (path !== this.options.path)
      return reject('wrong-path', 404, `Notifications are received on ${this.options.path}, not ${path}.`);
    if (delivery.method !== 'POST')
      return reject('wrong-method', 405, `Notifications must be POSTed (got ${delivery.method}).`);
    if (truncated) return reject('body-too-large', 413, `The body is larger than ${this.options.maxBodyBytes} bytes.`);

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
    const iv = headerText(delivery.headers, NOTIFICATION_IV_HEADER);
    const tag = headerText(delivery.headers, NOTIFICATION_TAG_HEADER);
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
}

/** A header's value as Node joins repeated ones (", "); empty when absent. */
function headerText(headers: DeliveryHeaders, name: string): string {
  return headers[name.toLowerCase()]?.join(', ') ?? '';
}

function maskCredentialHeaders(received: DeliveryHeaders): Record<string, string | string[]> {
  const headers: Array<[string, string | string[]]> = [];
  for (const [name, value] of Object.entries(received)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const clear = CLEAR_HEADERS.has(lower) || NOTIFICATION_HEADERS.has(lower);
    const kept = value.map((item) =>
      lower === 'authorization' || lower === 'proxy-authorization' || (!clear && looksLikeCredentialHeader(lower, item))
        ? maskHeaderValue(item)
        : redactText(item),
    );
    headers.push([lower, kept.length === 1 ? (kept[0] ?? '') : kept]);
  }
  // A sender may echo a secret as a header name: masked like a value.
  return withSecretKeysMasked(headers, secretsWith(), (name) => redactText(name));
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
