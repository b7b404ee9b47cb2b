/**
 * `orders.*Template*`: saved order drafts, kept by main in the user-data folder (order-templates.json);
 * the Orders screen lists and applies them. Card data is masked by main before a template is written.
 */
import { z } from 'zod';
import { findForbiddenKey } from '../forbidden-keys';
import { consoleErrorSchema } from '../result-schema';
import { rule } from '../rule-text';
import { method } from './define';
import { variantSchema } from './profiles';

/** A template's body as JSON text may be at most this long (an order is a few kilobytes). */
export const MAX_TEMPLATE_BYTES = 256 * 1024;

const templateNameSchema = z.string().trim().min(1).max(200);
/** Checked before the record schema: zod drops a top-level `__proto__` key silently, the user must hear why. */
const templateBodySchema = z
  .unknown()
  .superRefine((value, context) => {
    const forbidden = findForbiddenKey(value);
    if (forbidden) context.addIssue({ code: 'custom', message: rule('forbiddenObjectKey', forbidden) });
  })
  .pipe(z.record(z.string(), z.unknown()));

export const orderTemplateSchema = z.object({
  id: z.string().min(1).max(100),
  name: templateNameSchema,
  /** Epoch ms of the last save. */
  updatedAt: z.number(),
  variant: variantSchema,
  body: templateBodySchema,
});
export type StoredOrderTemplate = z.infer<typeof orderTemplateSchema>;

const templateInputSchema = z
  .object({ name: templateNameSchema, variant: variantSchema, body: templateBodySchema })
  .strict();

export const orderTemplatesMethods = {
  'orders.templates': method(
    'Saved order templates by name; `problems` names records main set aside (kept in the file).',
    z.undefined().or(z.object({}).strict()),
    z.object({ templates: z.array(orderTemplateSchema), problems: z.array(consoleErrorSchema) }),
  ),
  'orders.saveTemplate': method(
    'Save the draft as a template (a template of the same name is replaced); card data is masked first.',
    templateInputSchema,
    orderTemplateSchema,
  ),
  'orders.deleteTemplate': method(
    'Delete one template by id.',
    z.object({ id: z.string().min(1).max(100) }).strict(),
    z.object({ deleted: z.boolean() }),
  ),
  'orders.importTemplates': method(
    "Move a browser's older IndexedDB templates to main: a name main already has is kept as main has it.",
    z
      .object({
        templates: z
          .array(templateInputSchema.extend({ updatedAt: z.number().finite().nonnegative() }).strict())
          .max(10_000),
      })
      .strict(),
    z.object({ imported: z.number().int(), skipped: z.number().int(), problems: z.array(consoleErrorSchema) }),
  ),
};
