/**
 * Replay: re-send notifications to any URL (usually the merchant's own endpoint) to test how it copes
 * with what the real gateway does — retries of the same notificationID and out-of-order delivery.
 * Each send is encrypted with a fresh IV and its acknowledgement judged; sends are sequential so the
 * order the merchant sees is the order planned.
 */
import type { ReplayMode, ReplaySend } from '@shared/contract/notifications';
import { postNotification, type NotificationPost, type NotificationPostResult } from './notification-sender';

export interface ReplayItem {
  plaintext: string;
  notificationId: string;
}

/** The send order: once = as given; duplicates = each `copies` times in a row; reverse = last first. */
export function planReplay<T>(items: readonly T[], mode: ReplayMode, copies: number): T[] {
  if (mode === 'reverse') return [...items].reverse();
  if (mode === 'duplicates') return items.flatMap((item) => Array.from({ length: copies }, () => item));
  return [...items];
}

export interface ReplayRequest {
  url: string;
  secret: string;
  items: ReplayItem[];
  mode: ReplayMode;
  copies: number;
  /** Injectable for tests of the planning; defaults to a real HTTP POST. */
  send?: (post: NotificationPost) => Promise<NotificationPostResult>;
}

export async function replayNotifications(
  replay: ReplayRequest,
): Promise<{ sends: ReplaySend[]; allAcknowledged: boolean }> {
  const send = replay.send ?? postNotification;
  const sends: ReplaySend[] = [];
  for (const item of planReplay(replay.items, replay.mode, replay.copies)) {
    const result = await send({ url: replay.url, secret: replay.secret, ...item });
    sends.push({ order: sends.length + 1, notificationId: item.notificationId, url: replay.url, ...result });
  }
  return { sends, allAcknowledged: sends.every((sent) => sent.verdict.ok) };
}
