import { z } from 'zod';
import { profileSettingsSchema } from '@shared/contract/profiles';
import { backUp, readTextIfExists, removeOrphanedTemporaries, writeFileAtomic } from '../../common/atomic-file';

/** One profile as saved in profiles.json: settings only, never a secret. */
export const storedProfileSchema = profileSettingsSchema.extend({
  id: z.string().min(1),
  managed: z.boolean().default(false),
  /**
   * A lookup-only copy made with "New lookup-only profile from this one": it asks with the address and
   * credentials of this profile as they are now (so a copy of the Sandbox survives its port changing at
   * every start), and main never copies a secret. Dropped when a save gives the copy an address of its own.
   */
  followsProfile: z.string().min(1).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  profiles: z.array(z.unknown()),
  /** Records that failed validation on an earlier read, kept verbatim so nothing is lost. */
  quarantined: z.array(z.unknown()).default([]),
});

/**
 * profiles.json in the user-data folder, validated on read (architecture rule 6). A record that does not
 * validate is quarantined (kept in the file, reported, not used); a file that is not readable at all
 * is backed up before the console writes a fresh one.
 */
export class ProfileFile {
  private profiles: StoredProfile[] = [];
  private quarantined: unknown[] = [];
  readonly problems: string[] = [];

  constructor(private readonly path: string) {}

  async load(): Promise<void> {
    // A crash between writing a temporary file and renaming it leaves the temporary behind.
    await removeOrphanedTemporaries(this.path);
    const text = await readTextIfExists(this.path);
    if (text === null) return;
    let parsed: z.infer<typeof fileSchema>;
    try {
      const result = fileSchema.safeParse(JSON.parse(text));
      if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
      parsed = result.data;
    } catch (error) {
      const backup = await backUp(this.path, 'unreadable');
      this.problems.push(
        `The profiles file ${this.path} could not be read (${(error as Error).message}); it was kept as ${backup} and the console started without those profiles.`,
      );
      return;
    }
    this.quarantined = [...parsed.quarantined];
    for (const [index, raw] of parsed.profiles.entries()) {
      const result = storedProfileSchema.safeParse(raw);
      if (result.success) {
        this.profiles.push(result.data);
      } else {
        this.quarantined.push(raw);
        const name = (raw as { name?: unknown } | null)?.name;
        const issue = result.error.issues[0];
        this.problems.push(
          `Profile #${index + 1}${typeof name === 'string' ? ` "${name}"` : ''} is invalid (${issue?.path.join('.') || 'record'}: ${issue?.message}) and was set aside in the file's "quarantined" list.`,
        );
      }
    }
    if (this.quarantined.length > parsed.quarantined.length) await this.save();
  }

  list(): StoredProfile[] {
    return [...this.profiles];
  }

  get(id: string): StoredProfile | undefined {
    return this.profiles.find((profile) => profile.id === id);
  }

  async put(profile: StoredProfile): Promise<void> {
    const index = this.profiles.findIndex((existing) => existing.id === profile.id);
    if (index === -1) this.profiles.push(profile);
    else this.profiles[index] = profile;
    await this.save();
  }

  async remove(id: string): Promise<boolean> {
    const before = this.profiles.length;
    this.profiles = this.profiles.filter((profile) => profile.id !== id);
    if (this.profiles.length === before) return false;
    await this.save();
    return true;
  }

  private save(): Promise<void> {
    const data = { version: 1, profiles: this.profiles, quarantined: this.quarantined };
    return writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`);
  }
}
