/**
 * Replay: re-deliver notifications the receiver really received, to test how a shop copes with what the
 * real gateway does — retries of the same notificationID and out-of-order delivery.
 *
 * Replay never forges. What is sent is the journaled delivery itself — the body, IV and tag exactly as
 * the gateway sent them — after checking, with the webhook secret of the profile that accepted it, that
 * those bytes still decrypt to the plaintext journaled for them. No plaintext is ever encrypted here, so
 * nothing the user (or an edited journal) supplies can become a notification the shop would believe.
 * Sends are sequential so the order the shop sees is the order planned.
 */
import { NOTIFICATION_IV_HEADER, NOTIFICATION_TAG_HEADER } from '@shared/notification';
import {
  MAX_REPLAY_SENDS,
  type DeliveryRecord,
  type ReplayMode,
  type ReplaySend,
} from '@shared/contract/notifications';
import { ConsoleFailure } from '@shared/result';
import { decryptNotification, type EncryptedNotification } from './notification-crypto';
import {
  postEncryptedNotification,
  type EncryptedNotificationPost,
  type NotificationPostResult,
} from './notification-sender';
import { mainText, type MainTextId } from '@shared/console-text';

/** One received notification, ready to be re-sent as it was received. */
export interface ReplayItem {
  seq: number;
  notificationId: string;
  wire: EncryptedNotification;
}

/** The send order: once = as given; duplicates = each `copies` times in a row; reverse = last first. */
export function planReplay<T>(items: readonly T[], mode: ReplayMode, copies: number): T[] {
  if (mode === 'reverse') return [...items].reverse();
  if (mode === 'duplicates') return items.flatMap((item) => Array.from({ length: copies }, () => item));
  return [...items];
}

/** Why a delivery cannot be replayed: the reason code travels in `details`, its sentence by text id. */
const WHY = {
  refused: 'notReplayableRefused',
  unreadable: 'notReplayableUnreadable',
  'bytes-not-kept': 'notReplayableBytesNotKept',
  'no-iv-tag': 'notReplayableNoIvTag',
  'bytes-mismatch': 'notReplayableBytesMismatch',
} as const satisfies Record<string, MainTextId>;

export const notReplayable = (seq: number, reason: keyof typeof WHY): ConsoleFailure =>
  new ConsoleFailure('not-replayable', mainText(WHY[reason], { seq }), {
    seq,
    reason,
  });

const headerOf = (record: DeliveryRecord, name: string): string | null => {
  const value = record.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * The journaled delivery as it went over the wire, proven authentic with `secret` (the webhook secret of
 * the profile that accepted it) and proven to be the notification journaled. Throws `not-replayable`
 * for anything else: a refused delivery, one that was never a notification, one whose bytes were not
 * kept whole (card data is withheld; re-encrypting the redacted text would send what the gateway never
 * sent), or bytes that no longer match.
 */
export function receivedWire(record: DeliveryRecord, secret: string): ReplayItem {
  if (record.verdict !== 'accepted' || record.profileId === null) throw notReplayable(record.seq, 'refused');
  if (record.plaintext === null || record.notification === null) throw notReplayable(record.seq, 'unreadable');
  if (record.bodyWithheld !== undefined || record.bodyTruncated || record.bodyEncoding !== 'utf8')
    throw notReplayable(record.seq, 'bytes-not-kept');
  const iv = headerOf(record, NOTIFICATION_IV_HEADER);
  const tag = headerOf(record, NOTIFICATION_TAG_HEADER);
  if (iv === null || tag === null) throw notReplayable(record.seq, 'no-iv-tag');
  const wire = { iv, tag, body: record.body };
  const opened = decryptNotification({ secret, ...wire });
  if (!opened.ok || opened.plaintext !== record.plaintext) throw notReplayable(record.seq, 'bytes-mismatch');
  return { seq: record.seq, notificationId: record.notification.notificationId, wire };
}

export interface ReplayRequest {
  /** The profile's configured webhook URL (the caller checked it). */
  url: string;
  items: ReplayItem[];
  mode: ReplayMode;
  copies: number;
  /** Injectable for tests of the planning; defaults to a real HTTP POST. */
  send?: (post: EncryptedNotificationPost) => Promise<NotificationPostResult>;
}

/** The sends a replay would make; refuses a plan past MAX_REPLAY_SENDS before anything is sent. */
export function boundedPlan(items: readonly ReplayItem[], mode: ReplayMode, copies: number): ReplayItem[] {
  const plan = planReplay(items, mode, copies);
  if (plan.length > MAX_REPLAY_SENDS)
    throw new ConsoleFailure(
      'too-many-sends',
      mainText('tooManySends', { planned: plan.length, max: MAX_REPLAY_SENDS }),
      { planned: plan.length, max: MAX_REPLAY_SENDS },
    );
  return plan;
}

export async function replayNotifications(
  replay: ReplayRequest,
): Promise<{ sends: ReplaySend[]; allAcknowledged: boolean }> {
  const send = replay.send ?? postEncryptedNotification;
  const sends: ReplaySend[] = [];
  for (const item of boundedPlan(replay.items, replay.mode, replay.copies)) {
    const result = await send({ url: replay.url, wire: item.wire, notificationId: item.notificationId });
    sends.push({ order: sends.length + 1, notificationId: item.notificationId, url: replay.url, ...result });
  }
  return { sends, allAcknowledged: sends.every((sent) => sent.verdict.ok) };
}
