import { z } from 'zod';
import { method } from './define';

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

export const revealReasonSchema = z
  .string()
  .trim()
  .min(5, 'Give a reason of at least 5 characters (e.g. the ticket it is for)')
  .max(500, 'The reason is at most 500 characters');

export const supportMethods = {
  'support.recordReveal': method(
    'Append one "customer field revealed" entry (when, profile, transaction, field, reason) to the audit log.',
    z
      .object({
        profileId: z.string().min(1).max(100),
        transactionId: z.string().trim().min(1).max(200),
        field: customerFieldSchema,
        reason: revealReasonSchema,
      })
      .strict(),
    auditEntrySchema,
  ),
  'support.auditLog': method(
    'The reveal audit log, oldest first; `problems` names lines that could not be read (kept in the file).',
    z.undefined().or(z.object({}).strict()),
    z.object({ entries: z.array(auditEntrySchema), problems: z.array(z.string()), path: z.string() }),
  ),
};
