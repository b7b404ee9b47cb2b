import { z } from 'zod';
import { event, method } from './define';
import { mainTextSchema } from '../console-text';

export const appModeSchema = z.enum(['electron', 'browser']);
export type AppMode = z.infer<typeof appModeSchema>;

export const keychainStatusSchema = z.object({
  /**
   * `os-keychain`: secrets live in the OS keychain. `session-memory`: kept in memory until the app quits.
   * `file-vault`: in the encrypted file vault chosen in Settings (unlocked with a passphrase).
   */
  backend: z.enum(['os-keychain', 'session-memory', 'file-vault']),
  available: z.boolean(),
  /** Plain-language explanation shown in the top bar when the keychain is not in use. */
  detail: z.string(),
  /** `detail` by text id, for the renderer to say it in the user's language. */
  text: mainTextSchema.optional(),
  /** The file vault is chosen but its file is gone: nothing is read or saved until the user decides in Settings. */
  vaultMissing: z.boolean().optional(),
});
export type KeychainStatus = z.infer<typeof keychainStatusSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: appModeSchema,
  platform: z.string(),
  nodeVersion: z.string(),
  electronVersion: z.string().nullable(),
  keychain: keychainStatusSchema,
  startedAt: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const appNoticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  /** English (logs, CLI); `text` is the same by id, what the renderer words. */
  message: z.string(),
  text: mainTextSchema.optional(),
});
export type AppNotice = z.infer<typeof appNoticeSchema>;

export const appMethods = {
  'app.info': method(
    'Version, run mode (electron/browser) and keychain status of the running console.',
    z.undefined().or(z.object({}).strict()),
    appInfoSchema,
  ),
  'app.notices': method(
    'Every notice main has raised since it started, oldest first (those raised before the window connected included).',
    z.undefined().or(z.object({}).strict()),
    z.object({ notices: z.array(appNoticeSchema) }),
  ),
  'app.ping': method(
    'Round-trip check of the transport; echoes the text it was given.',
    z.object({ text: z.string().max(1000) }).strict(),
    z.object({ text: z.string(), receivedAt: z.string() }),
  ),
};

export const appEvents = {
  'app.notice': event(
    'A one-line message for the user from the main process (warnings, background errors), shown in the top bar.',
    appNoticeSchema,
  ),
};
