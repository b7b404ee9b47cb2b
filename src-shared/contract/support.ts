import { z } from 'zod';
import { method } from './define';
import { transactionIdSchema } from './transaction-id';

/** Customer-data fields a support agent can reveal one at a time (masked by default on guarded profiles). */
export const customerFieldSchema = z.enum(['name', 'email', 'phone', 'billingAddress', 'shippingAddress', 'ip']);
export type CustomerField = z.infer<typeof customerFieldSchema>;

/** One line of the reveal audit log, as main wrote it. */
export const auditEntrySchema = z.object({
  /** ISO time main recorded the reveal. */
  at: z.string(),
  profileId: z.string(),
  /** The profile's name at the time (profiles can be renamed or deleted later). */
  profileName: z.string(),
  transactionId: z.string(),
  field: customerFieldSchema,
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Characters that show nothing: white space, format characters (zero-width space / joiners, word joiner,
 * BOM, bidi controls, soft hyphen), controls and the fillers that render blank. A reason made of them
 * would let a reveal be logged with no reason anyone can read.
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u2800\u3164\uFFA0]/gu;
/** How many characters of a text a reader can actually see. */
export const visibleLength = (text: string): number => [...text.replace(INVISIBLE, '')].length;

export const revealReasonSchema = z
  .string()
  .trim()
  .min(5, 'Give a reason of at least 5 characters (e.g. the ticket it is for)')
  .max(500, 'The reason is at most 500 characters')
  .refine(
    (reason) => visibleLength(reason) >= 5,
    'The reason needs at least 5 visible characters (e.g. the ticket it is for)',
  );

export const supportMethods = {
  'support.reveal': method(
    'Reveal one customer field of a transaction the console knows: main writes the audit entry (when, profile, transaction, field, reason), then answers with the value.',
    z
      .object({
        profileId: z.string().min(1).max(100),
        transactionId: transactionIdSchema,
        field: customerFieldSchema,
        reason: revealReasonSchema,
      })
      .strict(),
    z.object({ entry: auditEntrySchema, value: z.string() }),
  ),
  'support.auditLog': method(
    'The reveal audit log, oldest first; `problems` names lines that could not be read (kept in the file).',
    z.undefined().or(z.object({}).strict()),
    z.object({ entries: z.array(auditEntrySchema), problems: z.array(z.string()), path: z.string() }),
  ),
};
