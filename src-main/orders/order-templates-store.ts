import { randomUUID } from 'node:crypto';
import { redactCardJson } from '@shared/card-data';
import { mainText } from '@shared/console-text';
import { MAX_TEMPLATE_BYTES, orderTemplateSchema, type StoredOrderTemplate } from '@shared/contract/order-templates';
import { ConsoleFailure } from '@shared/result';
import { findForbiddenKey } from '@shared/forbidden-keys';
import { JsonDocument, recordListCodec, type StoredProblem } from '../common/json-document';

export const ORDER_TEMPLATES_FILE = 'order-templates.json';
/** Room for a few thousand templates; a bigger file is not one the console wrote. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

type TemplateInput = Pick<StoredOrderTemplate, 'name' | 'variant' | 'body'>;

/**
 * Saved order drafts in order-templates.json in the user-data folder. Main checks what it keeps:
 * a body naming object machinery (`__proto__`) or larger than a template can be is refused with the
 * reason, and card data is masked (BIN + last 4, no CVV) before anything is written.
 */
export class OrderTemplatesStore {
  private readonly document: JsonDocument<{ records: StoredOrderTemplate[]; quarantined: unknown[] }>;

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.document = new JsonDocument(path, {
      ...recordListCodec({
        schema: orderTemplateSchema,
        describe: (raw, index) => {
          const name = (raw as { name?: unknown } | null)?.name;
          return typeof name === 'string' ? `Template "${name}"` : `Template #${index + 1}`;
        },
        path,
      }),
      maxBytes: MAX_FILE_BYTES,
    });
  }

  async list(): Promise<{ templates: StoredOrderTemplate[]; problems: StoredProblem[] }> {
    const { records } = await this.document.read();
    const templates = [...records].sort((a, b) => a.name.localeCompare(b.name));
    return { templates, problems: [...this.document.problems] };
  }

  /** Saving under an existing name replaces that template. */
  save(input: TemplateInput): Promise<StoredOrderTemplate> {
    const checked = checkedTemplate(input);
    return this.document.update((current) => {
      const existing = current.records.find((template) => template.name === checked.name);
      const template: StoredOrderTemplate = { id: existing?.id ?? randomUUID(), updatedAt: this.now(), ...checked };
      const records = [...current.records.filter((record) => record.id !== template.id), template];
      return { value: { ...current, records }, result: template };
    });
  }

  remove(id: string): Promise<boolean> {
    return this.document.update((current) => {
      const records = current.records.filter((record) => record.id !== id);
      return { value: { ...current, records }, result: records.length !== current.records.length };
    });
  }

  /** Templates from a browser's older store: a name main already has keeps main's version. */
  importFromBrowser(
    templates: Array<TemplateInput & { updatedAt: number }>,
  ): Promise<{ imported: number; skipped: number; problems: StoredProblem[] }> {
    return this.document.update((current) => {
      const records = [...current.records];
      const problems: StoredProblem[] = [];
      let skipped = 0;
      for (const incoming of templates) {
        let checked: TemplateInput;
        try {
          checked = checkedTemplate(incoming);
        } catch (error) {
          const failure = error as ConsoleFailure;
          problems.push({
            code: failure.code,
            message: failure.message,
            ...(failure.text ? { text: failure.text } : {}),
          });
          skipped += 1;
          continue;
        }
        if (records.some((record) => record.name === checked.name)) {
          skipped += 1;
          continue;
        }
        records.push({ id: randomUUID(), updatedAt: incoming.updatedAt, ...checked });
      }
      const imported = records.length - current.records.length;
      return { value: { ...current, records }, result: { imported, skipped, problems } };
    });
  }
}

/** The template as main keeps it, or a failure saying why it cannot be kept. */
function checkedTemplate(input: TemplateInput): TemplateInput {
  const name = input.name.trim();
  const forbidden = findForbiddenKey(input.body);
  if (forbidden)
    throw new ConsoleFailure(
      'invalid-input',
      mainText('forbiddenKey', { path: forbidden.path, segment: forbidden.key }),
    );
  const bytes = Buffer.byteLength(JSON.stringify(input.body));
  if (bytes > MAX_TEMPLATE_BYTES)
    throw new ConsoleFailure(
      'template-too-large',
      mainText('templateTooLarge', { name, bytes, limit: MAX_TEMPLATE_BYTES }),
    );
  // Architecture rule 5: no card number (beyond BIN + last 4) or CVV is ever stored, templates included.
  const body = redactCardJson(JSON.parse(JSON.stringify(input.body))) as Record<string, unknown>;
  return { name, variant: input.variant, body };
}
