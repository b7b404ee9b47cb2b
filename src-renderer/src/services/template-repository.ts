import { z } from 'zod';
import { redactCardJson } from '@shared/card-data';
import { variantSchema } from '@shared/contract/profiles';
import type { HistoryDb } from '../db/history-db';
import { templateRecordSchema } from '../db/records';
import type { Json } from './draft-paths';
import { t } from '../i18n';

/** What a template keeps: the variant it was built for and the order body. */
const templateDraftSchema = z.object({ variant: variantSchema, body: z.record(z.string(), z.unknown()) });

export interface OrderTemplate {
  id: string;
  name: string;
  updatedAt: number;
  variant: z.infer<typeof variantSchema>;
  body: Json;
}

/**
 * Order drafts older consoles saved in IndexedDB (the `templates` table). Main keeps templates now
 * (orders.*Template*); these rows are read once to move them there. Rows are validated on read; one that
 * does not match is reported by name and left in place (never dropped silently).
 */
export function templateRepository(db: Pick<HistoryDb, 'templates'>) {
  async function list(): Promise<{ templates: OrderTemplate[]; problems: string[] }> {
    const rows = await db.templates.orderBy('name').toArray();
    const templates: OrderTemplate[] = [];
    const problems: string[] = [];
    for (const row of rows) {
      const record = templateRecordSchema.safeParse(row);
      const draft = record.success ? templateDraftSchema.safeParse(record.data.draft) : null;
      if (record.success && draft?.success)
        templates.push({ id: record.data.id, name: record.data.name, updatedAt: record.data.updatedAt, ...draft.data });
      else
        problems.push(
          t('order.templateUnreadable', {
            name: String((row as { name?: unknown }).name ?? (row as { id?: unknown }).id),
          }),
        );
    }
    return { templates, problems };
  }

  /** Saving under an existing name replaces that template. */
  async function save(name: string, variant: OrderTemplate['variant'], body: Json): Promise<OrderTemplate> {
    const trimmed = name.trim();
    if (!trimmed) throw new Error('A template needs a name.');
    const existing = await db.templates.where('name').equals(trimmed).first();
    const template: OrderTemplate = {
      id: existing?.id ?? crypto.randomUUID(),
      name: trimmed,
      updatedAt: Date.now(),
      variant,
      // Architecture rule 5: no card number (beyond BIN + last 4) or CVV is ever stored, templates included.
      body: redactCardJson(JSON.parse(JSON.stringify(body))) as Json,
    };
    await db.templates.put({
      id: template.id,
      name: template.name,
      updatedAt: template.updatedAt,
      draft: { variant, body: template.body },
    });
    return template;
  }

  const remove = (id: string) => db.templates.delete(id);

  return { list, save, remove };
}
