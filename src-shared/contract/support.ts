import { z } from 'zod';
import { rule } from '../rule-text';
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
  /** Who revealed it: the operating-system account main runs under (absent on entries older than this field). */
  osUser: z.string().optional(),
  /** …and the agent name set in Settings, empty when none was set (absent on older entries). */
  agentName: z.string().optional(),
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
  .min(5, rule('revealReasonShort'))
  .max(500, rule('revealReasonLong'))
  .refine((reason) => visibleLength(reason) >= 5, rule('revealReasonVisible'));

/** The agent name an agent sets in Settings; it signs reveals and case notes. Plain text, one line. */
export const agentNameSchema = z
  .string()
  .trim()
  .max(100, rule('agentNameLong'))
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, rule('agentNamePlain'));

/** Who main says is at the desk: the OS account it runs under and the agent name from Settings. */
export const supportAgentSchema = z.object({ osUser: z.string(), agentName: z.string() });
export type SupportAgent = z.infer<typeof supportAgentSchema>;

/** One case-note entry as main stored it: appended, never edited. */
export const caseNoteEntrySchema = z.object({
  /** Main's id for the entry (sequence within the file). */
  id: z.string(),
  /** The History key of the transaction the note is on. */
  transactionKey: z.string(),
  /** ISO time main appended it (for a migrated note: when the old note was last saved). */
  at: z.string(),
  /** Agent name, else OS user; null when unknown (notes migrated from the one-field editor). */
  author: z.string().nullable(),
  text: z.string(),
  /** Help-desk ticket reference, e.g. `ZD-4411`; empty when none. */
  ticket: z.string(),
});
export type CaseNoteEntry = z.infer<typeof caseNoteEntrySchema>;

const transactionKeySchema = z.string().trim().min(1).max(300);
const caseNoteTextSchema = z.string().trim().max(20_000, rule('caseNoteLong'));
const ticketSchema = z.string().trim().max(100, rule('ticketLong'));

export const supportMethods = {
  'support.reveal': method(
    'Reveal one customer field of a transaction the console knows: main writes the audit entry (when, profile, transaction, field, reason) — with a team workspace configured, first to the workspace, which decides (leads only) — then answers with the value.',
    z
      .object({
        profileId: z.string().min(1).max(100),
        transactionId: transactionIdSchema,
        field: customerFieldSchema,
        reason: revealReasonSchema,
      })
      .strict(),
    z.object({
      entry: auditEntrySchema,
      value: z.string(),
      /** The team workspace's entry for this reveal (its own sequence, time and hash); absent with no workspace. */
      workspaceEntry: z.object({ seq: z.string(), at: z.string(), hash: z.string() }).optional(),
    }),
  ),
  'support.auditLog': method(
    'The reveal audit log, oldest first; `problems` names lines that could not be read (kept in the file).',
    z.undefined().or(z.object({}).strict()),
    z.object({ entries: z.array(auditEntrySchema), problems: z.array(z.string()), path: z.string() }),
  ),
  'support.agent': method(
    'Who main records as the agent: the OS user it runs under and the agent name set in Settings.',
    z.undefined().or(z.object({}).strict()),
    supportAgentSchema,
  ),
  'support.setAgentName': method(
    'Set the agent name that signs reveals and case notes (kept by main in the user-data folder).',
    z.object({ agentName: agentNameSchema }).strict(),
    supportAgentSchema,
  ),
  'support.caseNotes': method(
    'Case-note entries, oldest first: of one transaction, or all when no key is given; `problems` names unreadable lines.',
    z.undefined().or(z.object({ transactionKey: transactionKeySchema.optional() }).strict()),
    z.object({ entries: z.array(caseNoteEntrySchema), problems: z.array(z.string()) }),
  ),
  'support.addCaseNote': method(
    'Append one case-note entry (text and/or ticket) signed by the agent main knows; entries are never edited.',
    z
      .object({ transactionKey: transactionKeySchema, text: caseNoteTextSchema, ticket: ticketSchema })
      .strict()
      .refine((input) => input.text.length > 0 || input.ticket.length > 0, {
        message: rule('noteOrTicket'),
        path: ['text'],
      }),
    caseNoteEntrySchema,
  ),
  'support.migrateCaseNote': method(
    'Move a note from the old one-field editor into the first entry (author unknown); ignored once the transaction has entries.',
    z
      .object({
        transactionKey: transactionKeySchema,
        text: caseNoteTextSchema,
        ticket: ticketSchema,
        savedAt: z.number().int().nonnegative(),
      })
      .strict(),
    z.object({ migrated: z.boolean() }),
  ),
};
