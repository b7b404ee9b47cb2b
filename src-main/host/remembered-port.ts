import { join } from 'node:path';
import { z } from 'zod';
import { firstIssue, JsonDocument } from '../common/json-document';

export const BROWSER_MODE_FILE = 'browser-mode.json';

const fileSchema = z.object({ version: z.literal(1), port: z.number().int().min(1).max(65_535).nullable() });
type BrowserModeFile = z.infer<typeof fileSchema>;

/**
 * The port browser mode last listened on, per user-data folder. The page's origin is
 * `http://127.0.0.1:<port>`, and the browser keeps History's IndexedDB and its caches per origin: the same
 * port on the next start means the same origin, so the page opens where it was left.
 */
export class RememberedPort {
  private readonly document: JsonDocument<BrowserModeFile>;

  constructor(userDataDir: string) {
    this.document = new JsonDocument<BrowserModeFile>(join(userDataDir, BROWSER_MODE_FILE), {
      decode: (raw) => {
        const parsed = fileSchema.safeParse(raw);
        return parsed.success ? { value: parsed.data, problems: [] } : { unreadable: firstIssue(parsed.error) };
      },
      encode: (value) => value,
      empty: () => ({ version: 1, port: null }),
      maxBytes: 4 * 1024,
    });
  }

  async read(): Promise<number | null> {
    return (await this.document.read()).port;
  }

  remember(port: number): Promise<void> {
    return this.document.update(() => ({ value: { version: 1, port }, result: undefined }));
  }

  get problems() {
    return this.document.problems;
  }
}
