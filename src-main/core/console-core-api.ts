// The core's shape apart from its construction, so handlers that take the core (QA) can name its type
// without importing console-core.ts, which imports every handler (that would be an import cycle).
import type { CredentialStore } from '../credentials/credential-store';
import type { RunningSimulator } from '../simulator';
import type { EventBus } from '../common/event-bus';
import type { Dispatch } from './dispatcher';
import type { GatewayService } from './gateway-service';
import type { ProfileRegistry } from './profiles/profile-registry';
import type { SandboxWorlds } from './worlds/sandbox-worlds';

/** Everything that matters, free of Electron: both shells wrap this one object. */
export interface ConsoleCore {
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly credentials: CredentialStore;
  /** Profiles with their secrets (main only): the CLI resolves `--profile` through this. */
  readonly profiles: ProfileRegistry;
  /** Every gateway call the console makes goes through this (handlers and CLI alike). */
  readonly gateway: GatewayService;
  /** The embedded simulator behind the Sandbox profiles, or null when started without it. */
  readonly simulator: RunningSimulator | null;
  /** The console's own worlds in that simulator (demo, runs, sessions), or null without a simulator. */
  readonly worlds: SandboxWorlds | null;
  close(): Promise<void>;
}
