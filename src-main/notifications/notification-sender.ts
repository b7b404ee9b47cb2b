/**
 * Sends one merchant notification the way the gateway does — encrypted with a fresh IV, POSTed as
 * text/plain with the IV and tag headers — and judges the answer with the shared acknowledgement rules.
 * Used by replay (the received bytes as they were) and the readiness check; exactly one attempt per
 * call (retrying is the caller's decision).
 */
import { request } from 'undici';
import { NOTIFICATION_IV_HEADER, NOTIFICATION_TAG_HEADER } from '@shared/notification';
import { judgeNotificationAck, type AckVerdict } from '@shared/notification-ack';
import { encryptNotification, type EncryptedNotification } from './notification-crypto';

export interface NotificationPost {
  url: string;
  /** Base64 webhook secret. */
  secret: string;
  plaintext: string;
  /** The notificationID inside the plaintext: the acknowledgement must echo it. */
  notificationId: string;
  /** Whole attempt, connect to last byte (default 10 s). */
  timeoutMs?: number;
}

export interface NotificationPostResult {
  httpStatus: number | null;
  /** The receiver's answer, cut to 2000 characters. */
  responseBody: string;
  verdict: AckVerdict;
}

const MAX_SHOWN_BODY = 2000;

export async function postNotification(post: NotificationPost): Promise<NotificationPostResult> {
  const wire = encryptNotification({ secret: post.secret, plaintext: post.plaintext });
  return postEncryptedNotification({
    url: post.url,
    wire,
    notificationId: post.notificationId,
    timeoutMs: post.timeoutMs,
  });
}

export interface EncryptedNotificationPost {
  url: string;
  /** The IV, tag and body exactly as they go on the wire (base64 text each). */
  wire: EncryptedNotification;
  /** The notificationID inside the plaintext: the acknowledgement must echo it. */
  notificationId: string;
  /** Whole attempt, connect to last byte (default 10 s). */
  timeoutMs?: number | undefined;
}

/** POSTs an already encrypted notification as given: replay re-sends the bytes the gateway sent. */
export async function postEncryptedNotification(post: EncryptedNotificationPost): Promise<NotificationPostResult> {
  const { wire } = post;
  try {
    const response = await request(post.url, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        [NOTIFICATION_IV_HEADER]: wire.iv,
        [NOTIFICATION_TAG_HEADER]: wire.tag,
      },
      body: wire.body,
      signal: AbortSignal.timeout(post.timeoutMs ?? 10_000),
    });
    const body = await response.body.text();
    return {
      httpStatus: response.statusCode,
      responseBody: body.slice(0, MAX_SHOWN_BODY),
      verdict: judgeNotificationAck(post.notificationId, { status: response.statusCode, body }),
    };
  } catch (error) {
    const reason = error instanceof Error ? describeTransportError(error) : String(error);
    return {
      httpStatus: null,
      responseBody: '',
      verdict: judgeNotificationAck(post.notificationId, { error: reason }),
    };
  }
}

function describeTransportError(error: Error): string {
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'the receiver did not answer in time';
  return typeof code === 'string' ? `${code} (${error.message})` : error.message;
}
