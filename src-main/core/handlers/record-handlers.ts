import type { RecordJournal } from '../../record/record-journal';
import type { SavedRetention } from '../../record/saved-retention';
import type { Handlers } from '../dispatcher';

type RecordHandlers = Pick<
  Handlers,
  'record.head' | 'record.since' | 'record.applyRetention' | 'record.clearOlderThan'
>;

/**
 * The renderer reads main's record to build (or catch up) its History index. It never writes to it and
 * never chooses how much of it is kept: retention is main's saved setting; only the user's explicit
 * "Clear older than N days" names a limit, and that one is a bounded whole number of days.
 */
export function createRecordHandlers(journal: RecordJournal, retention: SavedRetention): RecordHandlers {
  return {
    'record.head': () => journal.head(),
    'record.since': ({ after, limit }) => journal.since(after, limit),
    'record.applyRetention': async () => ({ removed: await retention.apply() }),
    'record.clearOlderThan': ({ days }) => ({ removed: retention.clearOlderThan(days) }),
  };
}
