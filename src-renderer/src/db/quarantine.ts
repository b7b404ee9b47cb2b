/**
 * Validate-on-read (architecture rule 6). A row that no longer matches its schema is moved, untouched, to the
 * `quarantine` table and reported to listeners (the History view shows a banner and offers an export):
 * the user never silently loses data, and one bad row never breaks a whole list.
 */
import { Dexie } from 'dexie';
import type { z } from 'zod';
import type { HistoryDb } from './history-db';
import type { QuarantineRecord } from './records';

export interface QuarantineReport {
  table: string;
  count: number;
  /** The first problems found, for the message shown to the user. */
  problems: string[];
}

type Listener = (report: QuarantineReport) => void;
const listeners = new Set<Listener>();

export function onQuarantine(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(record)'}: ${issue.message}`);
}

/** Parses `rows` read from `tableName`; invalid ones are quarantined and left out of the result. */
export async function validateRows<T>(
  db: HistoryDb,
  tableName: string,
  schema: z.ZodType<T>,
  rows: readonly unknown[],
): Promise<T[]> {
  const valid: T[] = [];
  const invalid: QuarantineRecord[] = [];
  const keyPath = db.table(tableName).schema.primKey.keyPath;
  const now = Date.now();
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) {
      valid.push(parsed.data);
      continue;
    }
    const originalKey = typeof keyPath === 'string' ? Dexie.getByKeyPath(row as object, keyPath) : undefined;
    invalid.push({
      table: tableName,
      originalKey,
      problems: describeIssues(parsed.error),
      record: row,
      quarantinedAt: now,
    });
  }
  if (invalid.length) await quarantine(db, tableName, invalid);
  return valid;
}

async function quarantine(db: HistoryDb, tableName: string, records: QuarantineRecord[]): Promise<void> {
  const move = () =>
    db.transaction('rw', [db.table(tableName), db.quarantine], async () => {
      await db.quarantine.bulkAdd(records);
      const keys = records.map((record) => record.originalKey).filter((key) => key !== undefined);
      await db.table(tableName).bulkDelete(keys as never[]);
    });
  // Inside a read-write transaction the move joins it; from a read-only one (or none) it needs its own.
  if (Dexie.currentTransaction?.mode === 'readwrite') await move();
  else await Dexie.ignoreTransaction(move);
  const report = { table: tableName, count: records.length, problems: records.flatMap((r) => r.problems).slice(0, 5) };
  for (const listener of listeners) listener(report);
}

export async function listQuarantine(db: HistoryDb): Promise<QuarantineRecord[]> {
  return db.quarantine.orderBy('quarantinedAt').toArray();
}

export async function clearQuarantine(db: HistoryDb): Promise<void> {
  await db.quarantine.clear();
}
