import { z } from 'zod';
import { HEADER_NAME } from '../gateway/codes';
import { exchangeSchema } from '../exchange';
import { event, method } from './define';
import { rule } from '../rule-text';

export const environmentSchema = z.enum(['sandbox', 'test', 'production']);
export type Environment = z.infer<typeof environmentSchema>;

export const variantSchema = z.enum(['A', 'B']);
export type Variant = z.infer<typeof variantSchema>;

/** Secret fields of a profile: write-only across the contract (architecture rule 5). */
export const secretNameSchema = z.enum(['bearerToken', 'clientId', 'webhookSecret']);
export type SecretName = z.infer<typeof secretNameSchema>;

/** What the renderer may know about a secret: whether it is set, and its last four characters. */
export const secretStateSchema = z.object({ set: z.boolean(), last4: z.string().max(4).optional() });
export type SecretState = z.infer<typeof secretStateSchema>;

/** The non-secret settings of a profile, as saved in profiles.json. */
export const profileSettingsSchema = z.object({
  name: z.string().trim().min(1, rule('nameRequired')).max(60),
  environment: environmentSchema,
  baseUrl: z
    .string()
    .trim()
    .url(rule('baseUrl'))
    .refine((url) => /^https?:\/\//i.test(url), rule('baseUrlScheme')),
  /** Path between the base URL and the version segment (`/api` in the spec; longer on some deployments). */
  pathPrefix: z
    .string()
    .trim()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'Path prefix must look like /api or /some/longer/prefix (or be empty)')
    .default('/api'),
  version: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, rule('version'))
    .default('v2'),
  /** Numeric terminal identifier, at most 10 digits (kept as digits text; sent as a JSON number). */
  terminalId: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, rule('terminalId')),
  variant: variantSchema,
  clientIdHeader: z.string().trim().regex(HEADER_NAME, rule('clientIdHeader')).default('X-Platform-Client-Id'),
  /**
   * Deadline for a whole gateway call — connect, headers and body — in milliseconds; the console's
   * default (30 s) when absent. A money-moving call that runs out of it is reported outcome-unknown.
   */
  callTimeoutMs: z
    .number()
    .int()
    .min(1_000, 'Call timeout must be at least 1000 ms')
    .max(300_000, 'Call timeout must be at most 300000 ms')
    .optional(),
  /** Colour of the environment frame; defaults by environment when absent. */
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, rule('colour'))
    .optional(),
  /**
   * Support desk profile: status lookups only. Main refuses every create and money-moving call for it;
   * turning it off needs the profile name typed (`lookupOnlyRelease`). Absent means false.
   */
  lookupOnly: z.boolean().optional(),
  /**
   * The shop's notification URL for this profile: the only place a replay re-delivers this profile's
   * received notifications to (main refuses any other). Absent means replay is not possible.
   */
  webhookUrl: z
    .string()
    .trim()
    .max(2000)
    .url(rule('webhookUrl'))
    .refine((url) => /^https?:\/\//i.test(url), rule('webhookUrlScheme'))
    .optional(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileSettingsInput = z.input<typeof profileSettingsSchema>;

export const profileSchema = profileSettingsSchema.extend({
  id: z.string(),
  /** Managed by the console (the Sandbox profiles): cannot be edited or deleted. */
  managed: z.boolean(),
  /**
   * Set on a lookup-only copy ("New lookup-only profile from this one"): the name of the profile whose
   * current address and credentials it asks with (main resolves them at each call; nothing is copied).
   */
  lookupCopyOf: z.string().optional(),
  secrets: z.object({
    bearerToken: secretStateSchema,
    clientId: secretStateSchema,
    webhookSecret: secretStateSchema,
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const profileIdSchema = z.string().min(1).max(100);
const secretValueSchema = z.string().min(1, rule('secretEmpty')).max(4096);

export const connectionTestSchema = z.object({
  /** `ok`: the gateway answered and accepted the credentials. */
  verdict: z.enum(['ok', 'credentials-rejected', 'unreachable', 'unexpected']),
  message: z.string(),
  exchange: exchangeSchema.nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const profilesMethods = {
  'profiles.list': method(
    'Every profile, Sandbox first; secrets only as {set, last4}. `problems` explains records that could not be read.',
    z.undefined().or(z.object({}).strict()),
    z.object({ profiles: z.array(profileSchema), problems: z.array(z.string()) }),
  ),
  'profiles.get': method('One profile by id.', z.object({ id: profileIdSchema }).strict(), profileSchema),
  'profiles.save': method(
    'Create (no id) or update a profile; secrets given here are stored in the keychain, never in the file. Moving it to another origin clears the token and client id not given again here.',
    z
      .object({
        id: profileIdSchema.optional(),
        settings: profileSettingsSchema,
        secrets: z.partialRecord(secretNameSchema, secretValueSchema).optional(),
        /** Needed to turn lookup-only off: the profile's current name, typed by the user. */
        lookupOnlyRelease: z
          .object({ profileName: z.string().min(1) })
          .strict()
          .optional(),
        /** Needed to save a production profile: its name (as saved), typed by the user. */
        productionConfirmation: z
          .object({ profileName: z.string().min(1) })
          .strict()
          .optional(),
      })
      .strict(),
    profileSchema,
  ),
  'profiles.delete': method(
    'Delete a profile and its secrets.',
    z.object({ id: profileIdSchema }).strict(),
    z.object({ deleted: z.boolean() }),
  ),
  'profiles.clearSecret': method(
    'Remove one secret of a profile.',
    z.object({ id: profileIdSchema, name: secretNameSchema }).strict(),
    profileSchema,
  ),
  'profiles.testConnection': method(
    'Ask the gateway for the status of a made-up transaction to check reachability and credentials.',
    z.object({ id: profileIdSchema }).strict(),
    connectionTestSchema,
  ),
  'profiles.newLookupOnly': method(
    "New lookup-only profile from an existing one: it asks with that profile's current address and credentials (a Sandbox copy follows the Sandbox across restarts); no secret is copied.",
    z.object({ fromId: profileIdSchema, name: profileSettingsSchema.shape.name }).strict(),
    profileSchema,
  ),
};

export const profilesEvents = {
  'profiles.changed': event(
    'The profile list changed (saved, deleted, secret set or cleared, Sandbox refreshed).',
    z.object({ ids: z.array(z.string()) }),
  ),
};
