import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A JSON-lines file that is only ever appended to: no method edits or removes a line, so what the
 * support desk records (reveals, case notes) cannot be rewritten through the console. Appends are
 * queued so concurrent writes never interleave half lines; unreadable lines are reported and kept.
 */
export class AppendOnlyLog<S extends z.ZodType> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly schema: S,
    private readonly what: string,
  ) {}

  append(entry: z.infer<S>): Promise<z.infer<S>> {
    return this.exclusive(() => this.writeLine(entry));
  }

  /** Every readable entry, oldest first; unreadable lines are reported by number and left in the file. */
  async read(): Promise<{ entries: Array<z.infer<S>>; problems: string[] }> {
    await this.queue;
    return this.readNow();
  }

  /**
   * Reads, then maybe appends, with no other append in between (e.g. "append only if the transaction
   * has no entry yet"): `decide` gets the current entries and returns the entry to append, or null.
   */
  appendUnless(decide: (entries: Array<z.infer<S>>) => z.infer<S> | null): Promise<z.infer<S> | null> {
    return this.exclusive(async () => {
      const entry = decide((await this.readNow()).entries);
      return entry === null ? null : this.writeLine(entry);
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async writeLine(entry: z.infer<S>): Promise<z.infer<S>> {
    const parsed = this.schema.parse(entry) as z.infer<S>;
    await mkdir(dirname(this.path), { recursive: true });
    // 'a' opens with O_APPEND: the kernel puts every write at the end, whatever else touched the file.
    await appendFile(this.path, `${JSON.stringify(parsed)}\n`, { flag: 'a', mode: 0o600 });
    return parsed;
  }

  private async readNow(): Promise<{ entries: Array<z.infer<S>>; problems: string[] }> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], problems: [] };
      throw error;
    }
    const entries: Array<z.infer<S>> = [];
    const problems: string[] = [];
    for (const [index, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      let result;
      try {
        result = this.schema.safeParse(JSON.parse(line));
      } catch {
        result = null;
      }
      if (result?.success) entries.push(result.data as z.infer<S>);
      else problems.push(`Line ${index + 1} of ${this.path} is not a valid ${this.what}; it is kept in the file.`);
    }
    return { entries, problems };
  }
}
