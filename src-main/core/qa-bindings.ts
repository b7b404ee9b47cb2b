/**
 * Binds the runner to a running console core: the core's GatewayService (every call recorded and pushed
 * like a hand-made one), the embedded simulator's controls when it runs, and the receiver's
 * notifications through the core's event bus. The qa handlers and the CLI both start here.
 */
import type { ConsoleCore } from './console-core-api';
import { APP_VERSION } from './version';
import type { QaProfile, QaSandbox, RunnerDeps } from '../qa/scenario-runner';

/** The controls of the run's world: its own (`worldId`) or, without one, the user's Sandbox. */
export function sandboxOf(
  core: Pick<ConsoleCore, 'simulator' | 'worlds'>,
  worldId: string | null = null,
): QaSandbox | null {
  if (!core.simulator) return null;
  const world = worldId !== null && core.worlds ? core.worlds.controls(worldId) : core.simulator;
  return {
    advanceClock: (seconds) => world.control.advanceClock(seconds),
    complete: (transactionId, status) => world.control.complete(transactionId, status),
    armNextCall: (status) => void world.faults.armNextCall(status),
    armDelivery: (transactionId, control, times) => void world.faults.armDelivery(transactionId, control, times),
  };
}

export function runnerDepsFor(
  core: Pick<ConsoleCore, 'gateway' | 'simulator' | 'worlds' | 'events'>,
  extra: Pick<RunnerDeps, 'askManual' | 'onProgress'> & { worldId?: string | null } = {},
): RunnerDeps {
  const { worldId = null, ...hooks } = extra;
  return {
    gateway: core.gateway,
    sandbox: sandboxOf(core, worldId),
    subscribeNotifications: (listener) =>
      core.events.subscribe((name, payload) => {
        if (name === 'notifications.received') listener(payload as Parameters<typeof listener>[0]);
      }),
    consoleVersion: APP_VERSION,
    ...hooks,
  };
}

export function qaProfileOf(core: Pick<ConsoleCore, 'profiles'>, profileId: string): QaProfile {
  const stored = core.profiles.stored(profileId);
  return {
    id: stored.id,
    name: stored.name,
    environment: stored.environment,
    terminalId: stored.terminalId,
    variant: stored.variant,
    ...(stored.lookupOnly ? { lookupOnly: true } : {}),
  };
}
