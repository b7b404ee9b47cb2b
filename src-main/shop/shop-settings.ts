import { join } from 'node:path';
import { z } from 'zod';
import { firstIssue, JsonDocument } from '../common/json-document';

export const SHOP_SETTINGS_FILE = 'shop-world.json';

const fileSchema = z.object({
  version: z.literal(1),
  /** The port the embedded simulator listened on: the shop's base URL stays the same while it is free. */
  simulatorPort: z.number().int().min(1).max(65_535).nullable(),
  /** The shop's own webhook, where its world delivers; null: the console's receiver. */
  webhookUrl: z.string().max(2048).nullable(),
});
export type ShopSettingsValue = z.infer<typeof fileSchema>;

/**
 * What the shop under test was configured with, kept by main in the user-data folder (`shop-world.json`):
 * a shop's configuration names an address and a webhook once, so both must survive a restart.
 */
export class ShopSettings {
  private readonly document: JsonDocument<ShopSettingsValue>;

  constructor(userDataDir: string) {
    this.document = new JsonDocument<ShopSettingsValue>(join(userDataDir, SHOP_SETTINGS_FILE), {
      decode: (raw) => {
        const parsed = fileSchema.safeParse(raw);
        return parsed.success ? { value: parsed.data, problems: [] } : { unreadable: firstIssue(parsed.error) };
      },
      encode: (value) => value,
      empty: () => ({ version: 1, simulatorPort: null, webhookUrl: null }),
      maxBytes: 16 * 1024,
    });
  }

  read(): Promise<ShopSettingsValue> {
    return this.document.read();
  }

  update(change: Partial<Omit<ShopSettingsValue, 'version'>>): Promise<void> {
    return this.document.update((current) => ({ value: { ...current, ...change }, result: undefined }));
  }

  get problems() {
    return this.document.problems;
  }
}
