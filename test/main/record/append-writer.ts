/**
 * Child process of the kill -9 test: appends exchanges to the record journal in `argv[2]` as fast as it
 * can and prints `acked <seq>` after each append returned (what the console would answer a call with).
 */
import { RecordJournal } from '../../../src-main/record/record-journal';
import { exchangeFixture } from './fixtures';

const journal = RecordJournal.open(process.argv[2]!);
const body = 'x'.repeat(Number(process.argv[3] ?? 2000));
for (let i = 0; ; i += 1) {
  const entry = journal.append({
    kind: 'exchange',
    exchange: exchangeFixture({ id: `${process.pid}-${i}`, request: { headers: {}, body } }),
  });
  process.stdout.write(`acked ${entry.seq} ${process.pid}-${i}\n`);
}
