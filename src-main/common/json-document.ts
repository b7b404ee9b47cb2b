import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import { englishOf, mainText, type MainText } from '@shared/console-text';
import type { ConsoleError } from '@shared/result';
import { findForbiddenKey } from '@shared/forbidden-keys';
import { MAX_JSON_DEPTH, valueDepthExceeds } from './json-depth';
import { backUp, readTextIfExists, removeOrphanedTemporaries, writeFileAtomic } from './atomic-file';

/** A problem main found in a file it keeps, as data the renderer translates by id. */
export type StoredProblem = ConsoleError;

const problem = (code: string, text: MainText): StoredProblem => ({ code, message: englishOf(text), text });

/** Why a file's content cannot be used, or null with the parsed value. */
function parseStoredJson(text: string): { value: unknown } | { text: MainText } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { text: mainText('storedFileNotJson', { reason: (error as Error).message }) };
  }
  if (valueDepthExceeds(value, MAX_JSON_DEPTH))
    return { text: mainText('storedFileTooDeep', { limit: MAX_JSON_DEPTH }) };
  const forbidden = findForbiddenKey(value);
  if (forbidden) return { text: mainText('forbiddenKey', { path: forbidden.path, segment: forbidden.key }) };
  return { value };
}

/**
 * One JSON file in the user-data folder that main owns (settings, order templates, test sessions):
 * read once, validated, then kept in memory and written back atomically after every change. A file
 * that is too large, not JSON, of the wrong shape or naming object machinery (`__proto__`) is copied
 * aside (`<name>.unreadable-<time>.bak`), reported, and the console starts from `empty` — the copy is
 * never touched again, so nothing the user had is lost.
 */
export class JsonDocument<T> {
  private loaded: Promise<T> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  readonly problems: StoredProblem[] = [];

  constructor(
    readonly path: string,
    private readonly options: {
      /** Turns the parsed file into the value; problems it reports are kept (e.g. a quarantined record). */
      decode: (raw: unknown) => { value: T; problems: StoredProblem[] } | { unreadable: string };
      encode: (value: T) => unknown;
      empty: () => T;
      maxBytes: number;
    },
  ) {}

  /** The current value (loaded from disk on first use). */
  read(): Promise<T> {
    return (this.loaded ??= this.load());
  }

  /** Changes the value and writes it; changes run one at a time so none is lost to another. */
  update<R>(change: (current: T) => { value: T; result: R } | Promise<{ value: T; result: R }>): Promise<R> {
    const work = async () => {
      const { value, result } = await change(await this.read());
      await writeFileAtomic(this.path, `${JSON.stringify(this.options.encode(value), null, 2)}\n`);
      this.loaded = Promise.resolve(value);
      return result;
    };
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async load(): Promise<T> {
    await removeOrphanedTemporaries(this.path);
    const size = await stat(this.path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) return this.options.empty();
    if (size > this.options.maxBytes) {
      return this.setAside('stored-file-too-large', (backup) =>
        mainText('storedFileTooLarge', { path: this.path, bytes: size, limit: this.options.maxBytes, backup }),
      );
    }
    const text = await readTextIfExists(this.path);
    if (text === null) return this.options.empty();
    const parsed = parseStoredJson(text);
    if ('text' in parsed) {
      const reason = parsed.text;
      return this.setAside('stored-file-unreadable', (backup) =>
        mainText('storedFileUnreadable', { path: this.path, reason: englishOf(reason), backup }),
      );
    }
    const decoded = this.options.decode(parsed.value);
    if ('unreadable' in decoded) {
      return this.setAside('stored-file-unreadable', (backup) =>
        mainText('storedFileUnreadable', { path: this.path, reason: decoded.unreadable, backup }),
      );
    }
    this.problems.push(...decoded.problems);
    return decoded.value;
  }

  private async setAside(code: string, text: (backup: string) => MainText): Promise<T> {
    const backup = await backUp(this.path, 'unreadable');
    this.problems.push(problem(code, text(backup)));
    return this.options.empty();
  }
}

/** The first zod issue of a failed parse, as `path: message` (data for a problem's text). */
export const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid';
};

/**
 * A list of records in a file: each record is validated on its own, so one bad record is set aside in
 * the file's `quarantined` list (kept verbatim and reported) while the others are used.
 */
export function recordListCodec<R>(options: {
  schema: z.ZodType<R>;
  /** A record's name for the report (its `name` when it has one, else its position). */
  describe: (raw: unknown, index: number) => string;
  path: string;
}) {
  type Stored = { records: R[]; quarantined: unknown[] };
  const fileShape = (raw: unknown): raw is { version: 1; records: unknown[]; quarantined?: unknown[] } =>
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { version?: unknown }).version === 1 &&
    Array.isArray((raw as { records?: unknown }).records) &&
    ((raw as { quarantined?: unknown }).quarantined === undefined ||
      Array.isArray((raw as { quarantined?: unknown }).quarantined));
  return {
    decode: (raw: unknown): { value: Stored; problems: StoredProblem[] } | { unreadable: string } => {
      if (!fileShape(raw)) return { unreadable: 'expected { "version": 1, "records": [...] }' };
      const records: R[] = [];
      const quarantined = [...(raw.quarantined ?? [])];
      const problems: StoredProblem[] = [];
      for (const [index, record] of raw.records.entries()) {
        const result = options.schema.safeParse(record);
        if (result.success) {
          records.push(result.data);
          continue;
        }
        quarantined.push(record);
        problems.push(
          problem(
            'stored-record-invalid',
            mainText('storedRecordInvalid', {
              name: options.describe(record, index),
              path: options.path,
              issue: firstIssue(result.error),
            }),
          ),
        );
      }
      return { value: { records, quarantined }, problems };
    },
    encode: (value: Stored) => ({ version: 1, records: value.records, quarantined: value.quarantined }),
    empty: (): Stored => ({ records: [], quarantined: [] }),
  };
}
