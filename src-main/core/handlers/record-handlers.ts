import type { RecordJournal } from '../../record/record-journal';
import type { Handlers } from '../dispatcher';

type RecordHandlers = Pick<Handlers, 'record.head' | 'record.since' | 'record.applyRetention'>;

/** The renderer reads main's record to build (or catch up) its History index; it never writes to it. */
export function createRecordHandlers(journal: RecordJournal): RecordHandlers {
  return {
    'record.head': () => journal.head(),
    'record.since': ({ after, limit }) => journal.since(after, limit),
    'record.applyRetention': (limits) => ({ removed: journal.applyRetention(limits) }),
  };
}
