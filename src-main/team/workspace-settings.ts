/**
 * Which team workspace this console shares with: the address (no password), TLS mode and CA path in
 * `team-workspace.json` in the user-data folder; the login's password in the credential store (OS
 * keychain or the file vault), like a profile's secrets. No file means no workspace: the console works alone.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { teamTlsModeSchema } from '@shared/contract/team';
import { writeFileAtomic } from '../common/atomic-write';
import type { CredentialStore } from '../credentials/credential-store';

export const TEAM_WORKSPACE_FILE = 'team-workspace.json';
/** The credential account of the workspace login's password (not a profile's: no `/` prefix of a profile id). */
export const TEAM_PASSWORD_ACCOUNT = 'team-workspace/password';

const savedSchema = z
  .object({
    url: z.string().min(1).max(500),
    merchantId: z.string().min(1).max(100),
    tlsMode: teamTlsModeSchema,
    caPath: z.string().max(1000).nullable(),
  })
  .strict();
export type SavedWorkspace = z.infer<typeof savedSchema>;

export class WorkspaceSettings {
  readonly path: string;
  constructor(
    userDataDir: string,
    private readonly credentials: CredentialStore,
  ) {
    this.path = join(userDataDir, TEAM_WORKSPACE_FILE);
  }

  /** The saved workspace, or null when none is configured (or the file is not one main wrote). */
  async read(): Promise<SavedWorkspace | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = savedSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async save(saved: SavedWorkspace, password: string | null): Promise<void> {
    // The password is kept before the address: a saved address never points at a password that is not there.
    if (password !== null) await this.credentials.set(TEAM_PASSWORD_ACCOUNT, password);
    await writeFileAtomic(this.path, `${JSON.stringify(savedSchema.parse(saved), null, 2)}\n`);
  }

  password(): Promise<string | null> {
    return this.credentials.get(TEAM_PASSWORD_ACCOUNT);
  }

  async hasPassword(): Promise<boolean> {
    try {
      return (await this.password()) !== null;
    } catch {
      return false;
    }
  }

  async forget(): Promise<void> {
    await rm(this.path, { force: true });
    await this.credentials.delete(TEAM_PASSWORD_ACCOUNT).catch(() => false);
  }
}
