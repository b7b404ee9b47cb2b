import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { z } from 'zod';
import { agentNameSchema, type SupportAgent } from '@shared/contract/support';
import { writeFileAtomic } from '../common/atomic-file';

export const AGENT_FILE = 'support-agent.json';

const storedSchema = z.object({ agentName: agentNameSchema });

/** The OS account main runs under; never throws (some containers have no passwd entry). */
export function currentOsUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/**
 * Who sits at the support desk, as main records it on reveals and case notes: the OS user (which the
 * renderer cannot choose) plus the agent name set in Settings, kept in the user-data folder.
 */
export class AgentIdentity {
  constructor(
    readonly path: string,
    private readonly osUser: () => string = currentOsUser,
  ) {}

  async current(): Promise<SupportAgent> {
    return { osUser: this.osUser(), agentName: await this.storedName() };
  }

  async setName(agentName: string): Promise<SupportAgent> {
    const parsed = storedSchema.parse({ agentName });
    await writeFileAtomic(this.path, `${JSON.stringify(parsed)}\n`);
    return this.current();
  }

  /** The name signing a case note: the agent name, else the OS user. */
  async author(): Promise<string> {
    const agent = await this.current();
    return agent.agentName || agent.osUser;
  }

  private async storedName(): Promise<string> {
    try {
      const parsed = storedSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      // A damaged file signs as no name rather than with whatever text it holds.
      return parsed.success ? parsed.data.agentName : '';
    } catch {
      return '';
    }
  }
}
