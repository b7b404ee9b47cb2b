import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { auditEntrySchema, type AuditEntry } from '@shared/contract/support';

export const AUDIT_LOG_FILE = 'support-audit.jsonl';

/**
 * The support desk's reveal log: one JSON line per reveal, appended and never rewritten, so an entry
 * once written cannot be edited or dropped through the console (no method removes or changes one).
 * Appends are queued so concurrent reveals never interleave half lines.
 */
export class AuditLog {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  append(entry: AuditEntry): Promise<AuditEntry> {
    const parsed = auditEntrySchema.parse(entry);
    const write = async () => {
      await mkdir(dirname(this.path), { recursive: true });
      // 'a' opens with O_APPEND: the kernel puts every write at the end, whatever else touched the file.
      await appendFile(this.path, `${JSON.stringify(parsed)}\n`, { flag: 'a', mode: 0o600 });
      return parsed;
    };
    const next = this.queue.then(write, write);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Every readable entry, oldest first; unreadable lines are reported by number and left in the file. */
  async read(): Promise<{ entries: AuditEntry[]; problems: string[] }> {
    await this.queue;
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], problems: [] };
      throw error;
    }
    const entries: AuditEntry[] = [];
    const problems: string[] = [];
    for (const [index, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      let result;
      try {
        result = auditEntrySchema.safeParse(JSON.parse(line));
      } catch {
        result = null;
      }
      if (result?.success) entries.push(result.data);
      else problems.push(`Line ${index + 1} of ${this.path} is not a valid audit entry; it is kept in the file.`);
    }
    return { entries, problems };
  }
}
