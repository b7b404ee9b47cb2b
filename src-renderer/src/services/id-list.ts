/**
 * Turns what a support agent pastes or drops (ids one per line, separated by commas or semicolons, or
 * a CSV with a header naming the id column) into the ids to look up (transactionIDs, merchant order ids,
 * Multibanco references), plus the duplicates and malformed entries that are listed to the agent and never sent.
 */

import { parseCsv } from '@shared/csv';

/** The contract's transactionID rule (1–36 of letters, digits, - and _): anything else the gateway cannot know. */
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,36}$/;
/** A Multibanco reference as people write it: 9 digits, often in groups of three. Sent on as the 9 digits. */
const WRITTEN_REFERENCE = /^\d{3}([\s.-]?)\d{3}\1\d{3}$/;
/** Header cells that name the transactionID column of a CSV export. */
const ID_HEADERS = ['transactionid', 'transaction_id', 'transaction id', 'id'];

export interface ParsedIds {
  /** Unique well-formed ids, in the order first seen. */
  ids: string[];
  /** Ids that appeared more than once, each once, with how many times. */
  duplicates: Array<{ id: string; count: number }>;
  /** Entries that cannot be a transactionID, as pasted. */
  malformed: string[];
}

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replace(/""/g, '"')
    .trim();

/** The raw entries: a CSV's id column when its header names one, otherwise every token. */
export function entriesOf(text: string): string[] {
  const source = text.replace(/^\uFEFF/, '');
  const first = source.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const separator = first.includes(';') && !first.includes(',') ? ';' : ',';
  // The console's one CSV reader (quotes, doubled quotes, line breaks inside quotes).
  const records = parseCsv(source, separator).filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = header.findIndex((cell) => ID_HEADERS.includes(cell));
  if (column >= 0 && header.length > 1) return records.slice(1).map((cells) => (cells[column] ?? '').trim());
  // Not on spaces: "not an id" is one malformed entry to show, not three guesses to send.
  return text
    .split(/[\r\n,;\t]+/)
    .map(unquote)
    .filter((entry) => entry !== '');
}

export function parseIdList(text: string): ParsedIds {
  const counts = new Map<string, number>();
  const malformed: string[] = [];
  for (const written of entriesOf(text)) {
    const entry = WRITTEN_REFERENCE.test(written) ? written.replace(/\D/g, '') : written;
    if (!TRANSACTION_ID.test(entry)) {
      malformed.push(entry === '' ? '(empty)' : entry);
      continue;
    }
    counts.set(entry, (counts.get(entry) ?? 0) + 1);
  }
  return {
    ids: [...counts.keys()],
    duplicates: [...counts].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count })),
    malformed,
  };
}
