import { z } from 'zod';
import { exchangeSchema } from '../exchange';
import { deliveryRecordSchema } from './notifications';
import { shopTrafficEntrySchema } from '../shop/traffic';
import { event, method } from './define';

/**
 * Main's record: one journal of every gateway exchange and every notification delivery, each with a
 * sequence number that only grows. The renderer's History is an index of it, caught up by `seq`.
 */
const seqSchema = z.number().int().positive();

export const shopResetSchema = z.object({ worldId: z.string(), at: z.string() });
export type ShopReset = z.infer<typeof shopResetSchema>;

export const recordEntrySchema = z.discriminatedUnion('kind', [
  z.object({ seq: seqSchema, kind: z.literal('exchange'), exchange: exchangeSchema }),
  z.object({ seq: seqSchema, kind: z.literal('notification'), delivery: deliveryRecordSchema }),
  /** A call the shop under test made on its world, or a notification the world sent it (issue 29), masked at capture. */
  z.object({ seq: seqSchema, kind: z.literal('shop'), shop: shopTrafficEntrySchema }),
  /**
   * The shop's world was reset (or its captured traffic forgotten): its shop entries before this one are
   * gone from what the Traffic view and History show. The record itself stays append-only.
   */
  z.object({ seq: seqSchema, kind: z.literal('shopReset'), shopReset: shopResetSchema }),
]);
export type RecordEntry = z.infer<typeof recordEntrySchema>;

export const recordHeadSchema = z.object({
  /** Names this journal: a renderer index made from another journal (another user-data folder) starts over. */
  journalId: z.string(),
  /** The highest seq ever given (0 when none); never goes down, not even when retention drops entries. */
  head: z.number().int().nonnegative(),
  /** Entries kept now (retention may have dropped older ones). */
  entries: z.number().int().nonnegative(),
  /** Lines that could not be read (a torn last line after a crash, an edited line): skipped, never fatal. */
  unreadableLines: z.number().int().nonnegative(),
});
export type RecordHead = z.infer<typeof recordHeadSchema>;

/** At most this many entries per `record.since` page; a page also stops at about 4 MB of entries. */
export const MAX_RECORD_PAGE = 1000;

export const recordMethods = {
  'record.head': method(
    'The journal’s id, its last sequence number and how many entries it keeps.',
    z.undefined().or(z.object({}).strict()),
    recordHeadSchema,
  ),
  'record.since': method(
    'Journal entries with a seq above `after`, oldest first, one bounded page at a time.',
    z
      .object({
        after: z.number().int().nonnegative(),
        limit: z.number().int().min(1).max(MAX_RECORD_PAGE).default(500),
      })
      .strict(),
    z.object({
      entries: z.array(recordEntrySchema),
      /** Pass as `after` for the next page (past entries that could not be read, too). */
      next: z.number().int().nonnegative(),
      head: z.number().int().nonnegative(),
      journalId: z.string(),
      /** True when nothing above `next` is kept. */
      done: z.boolean(),
    }),
  ),
  'record.applyRetention': method(
    'Applies the retention saved in main’s settings (History › Storage) to main’s journal now; returns entries dropped.',
    z.undefined().or(z.object({}).strict()),
    z.object({ removed: z.number().int().nonnegative() }),
  ),
  'record.clearOlderThan': method(
    'The user’s explicit “Clear older than N days” (History › Storage): drops journal entries older than that.',
    z.object({ days: z.number().int().min(0).max(36_500) }).strict(),
    z.object({ removed: z.number().int().nonnegative() }),
  ),
};

export const recordEvents = {
  'record.appended': event(
    'Main appended an entry to its journal (an exchange, a notification delivery or the shop’s traffic), masked as stored.',
    recordEntrySchema,
  ),
};
