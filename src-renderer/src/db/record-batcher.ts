/**
 * Group commit for Exchanges that arrive one by one but close together (a bulk refresh's answers): while
 * one database transaction writes, the Exchanges that arrive meanwhile wait and are then written together
 * in the next one. A lone Exchange is written at once; many cost one transaction per batch instead of one
 * each, and a caller never waits behind more than the batch already being written.
 */
import type { Exchange } from '@shared/exchange';
import type { HistoryDb } from './history-db';
import { recordExchange, recordExchangeBatch, type ProfileLookup, type RecordOutcome } from './history-writer';

interface Waiting {
  exchange: Exchange;
  resolve: (outcome: RecordOutcome) => void;
  reject: (error: unknown) => void;
}

export type BatchedRecorder = (exchange: Exchange) => Promise<RecordOutcome>;

export function batchedRecorder(db: HistoryDb, profiles: ProfileLookup): BatchedRecorder {
  let waiting: Waiting[] = [];
  let writing = false;

  /** One bad Exchange must not fail the others of its batch: they are written again one by one. */
  const writeEach = async (batch: readonly Waiting[]) => {
    for (const entry of batch) await recordExchange(db, entry.exchange, profiles).then(entry.resolve, entry.reject);
  };

  const drain = async () => {
    writing = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const outcomes = await recordExchangeBatch(
          db,
          batch.map((entry) => entry.exchange),
          profiles,
        );
        batch.forEach((entry, at) => entry.resolve(outcomes[at]!));
      } catch {
        await writeEach(batch);
      }
    }
    writing = false;
  };

  return (exchange) =>
    new Promise<RecordOutcome>((resolve, reject) => {
      waiting.push({ exchange, resolve, reject });
      if (!writing) void drain();
    });
}
