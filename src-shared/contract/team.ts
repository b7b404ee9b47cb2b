/**
 * `team.*`: the optional team workspace on PostgreSQL (issue 30). Main connects, shares its record
 * (masked) and the desk's notes, lookups and reveals, and pushes what other consoles add. The password
 * crosses once, inward (`team.configure`), and is kept in the keychain or vault; nothing answers with it.
 */
import { z } from 'zod';
import { mainTextSchema } from '../console-text';
import { event, method } from './define';

/** `verify-full` checks the server's certificate against the CA and its name against the host. */
export const teamTlsModeSchema = z.enum(['disable', 'require', 'verify-full']);
export type TeamTlsMode = z.infer<typeof teamTlsModeSchema>;

export const teamConnectionStateSchema = z.enum([
  /** No workspace configured: the console works alone, as it always did. */
  'off',
  'connecting',
  'connected',
  /** Configured but not reachable now: work queues in main and is shared on reconnect. */
  'offline',
  /** The workspace was refused (schema newer than this console, bad password…): see `problem`. */
  'refused',
]);
export type TeamConnectionState = z.infer<typeof teamConnectionStateSchema>;

export const teamStatusSchema = z.object({
  state: teamConnectionStateSchema,
  /** The workspace address without any password, e.g. `postgres://alice@db.example:5432/desk`. */
  url: z.string().nullable(),
  login: z.string().nullable(),
  /** The merchant this console's work is filed under (the workspace admin's name for it; its scope there). */
  merchantId: z.string().nullable(),
  tlsMode: teamTlsModeSchema,
  caPath: z.string().nullable(),
  /** Whether a password is kept for the login (never the password). */
  hasPassword: z.boolean(),
  /** When main next tries to reconnect on its own (ISO time; the page counts down to it); null when not waiting. */
  reconnectAt: z.string().nullable(),
  /** Work this console has not shared yet (queued notes, lookups, reveals and record entries). */
  notShared: z.number().int().nonnegative(),
  schemaVersion: z.number().int().nullable(),
  /** Why the workspace is offline or refused, in the user's language (translated by id). */
  problem: mainTextSchema.nullable(),
  /**
   * Bringing the desk's shared transactions in scope into this console (all of them on the first connection,
   * what was added since on later ones): how many of how many; null before the first page.
   */
  pull: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative(), finished: z.boolean() })
    .nullable(),
});
export type TeamStatus = z.infer<typeof teamStatusSchema>;

const teamConfigSchema = z
  .object({
    url: z.string().trim().min(1).max(500),
    merchantId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^\p{Cc}\p{Cf}]*$/u),
    tlsMode: teamTlsModeSchema,
    caPath: z.string().trim().max(1000).nullable(),
    /** A new password for the login; null keeps the one already kept. */
    password: z.string().min(1).max(1000).nullable(),
  })
  .strict();
export type TeamConfig = z.infer<typeof teamConfigSchema>;

export const teamNoteSchema = z.object({
  author: z.string(),
  at: z.string(),
  text: z.string(),
  ticket: z.string(),
});
export const teamLookupSchema = z.object({ who: z.string(), at: z.string(), ticket: z.string() });

export const teamTransactionSchema = z.object({
  transactionId: z.string(),
  merchantTransactionId: z.string().nullable(),
  reference: z.string().nullable(),
  terminalId: z.string().nullable(),
  status: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** Masked unless the sharing console's profile allowed it in clear. */
  email: z.string().nullable(),
  updatedAt: z.string(),
  notes: z.array(teamNoteSchema),
  lookups: z.array(teamLookupSchema),
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;

export const teamActivitySchema = z.object({
  kind: z.enum(['note', 'lookup']),
  /** The transaction noted or looked up. */
  subject: z.string(),
  who: z.string(),
  at: z.string(),
  text: z.string(),
  ticket: z.string(),
});
export type TeamActivity = z.infer<typeof teamActivitySchema>;

/** One entry of the workspace's reveal audit trail; seq, at, actor and hashes are the database's own. */
export const teamAuditEntrySchema = z.object({
  seq: z.string(),
  at: z.string(),
  actor: z.string(),
  transactionId: z.string(),
  merchantId: z.string(),
  terminalId: z.string(),
  field: z.string(),
  reason: z.string(),
  ticket: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Filters of the audit trail: days (UTC, inclusive), the actor (login) and the transaction, each optional. */
export const teamAuditFilterSchema = z
  .object({
    from: isoDay.nullable().default(null),
    to: isoDay.nullable().default(null),
    actor: z.string().trim().max(63).default(''),
    transactionId: z.string().trim().max(100).default(''),
  })
  .strict();
export type TeamAuditFilter = z.infer<typeof teamAuditFilterSchema>;

/** The chain as the verifier found it; `broken` names the first link that does not hold (in words, by id). */
export const teamAuditVerificationSchema = z.object({
  entries: z.number().int().nonnegative(),
  firstSeq: z.string().nullable(),
  lastSeq: z.string().nullable(),
  broken: z.object({ seq: z.string(), text: mainTextSchema }).nullable(),
});
export type TeamAuditVerification = z.infer<typeof teamAuditVerificationSchema>;

const none = z.undefined().or(z.object({}).strict());

export const teamMethods = {
  'team.status': method(
    'Whether a team workspace is configured and connected, and what is not shared yet.',
    none,
    teamStatusSchema,
  ),
  'team.configure': method(
    'Keep the workspace address, TLS mode and CA (user-data folder) and the password (keychain or vault), then connect.',
    teamConfigSchema,
    teamStatusSchema,
  ),
  'team.test': method(
    'Try the saved workspace once (connect, check its schema version) without changing anything.',
    none,
    z.object({ schemaVersion: z.number().int(), login: z.string() }),
  ),
  'team.connect': method('Connect to the saved workspace and share what is queued.', none, teamStatusSchema),
  'team.disconnect': method('Stop sharing for now; work keeps queuing in main.', none, teamStatusSchema),
  'team.search': method(
    'Search the shared transactions by transactionID, merchant order id, Multibanco reference, ticket or e-mail (when shared in clear); the search is logged as a lookup. While the workspace is unreachable, the copy this console pulled is searched (no tickets there) and `pulledAt` says when it was pulled.',
    z
      .object({
        query: z.string().trim().min(1).max(200),
        /** The help-desk ticket the lookup is for, recorded with it; empty when none. */
        ticket: z.string().trim().max(100).default(''),
      })
      .strict(),
    z.object({
      transactions: z.array(teamTransactionSchema),
      /** Null when the workspace answered; when it was unreachable, when the copy searched was pulled. */
      pulledAt: z.string().nullable(),
    }),
  ),
  'team.auditTrail': method(
    'One page of the workspace’s reveal audit trail, newest first, read as this console’s own login (leads and admins only: the database refuses agents).',
    z
      .object({
        filter: teamAuditFilterSchema,
        /** The page after this seq (older entries); null for the newest page. */
        beforeSeq: z
          .string()
          .regex(/^\d{1,19}$/)
          .nullable()
          .default(null),
        limit: z.number().int().min(1).max(200).default(50),
      })
      .strict(),
    z.object({ entries: z.array(teamAuditEntrySchema), nextBeforeSeq: z.string().nullable() }),
  ),
  'team.verifyAudit': method(
    'Recompute every hash of the workspace’s reveal audit trail (as this console’s login) and name the first broken link.',
    none,
    teamAuditVerificationSchema,
  ),
  'team.exportAudit': method(
    'The audit trail entries matching the filter, newest first, as a CSV (formulas defused) or JSON file text.',
    z.object({ filter: teamAuditFilterSchema, format: z.enum(['csv', 'json']) }).strict(),
    z.object({ fileName: z.string(), text: z.string(), entries: z.number().int().nonnegative() }),
  ),
};

export const teamEvents = {
  'team.statusChanged': event(
    'The workspace connection or the count of work not shared yet changed.',
    teamStatusSchema,
  ),
  'team.activity': event('A note or lookup another console shared (LISTEN/NOTIFY).', teamActivitySchema),
};
