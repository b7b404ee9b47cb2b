/**
 * Binds the runner to a running console core: the core's GatewayService (every call recorded and pushed
 * like a hand-made one), the embedded simulator's controls when it runs, and the receiver's
 * notifications through the core's event bus. The qa handlers and the CLI both start here.
 */
import type { ConsoleCore } from '../core/console-core';
import { APP_VERSION } from '../core/version';
import type { QaProfile, QaSandbox, RunnerDeps } from './scenario-runner';

export function sandboxOf(core: Pick<ConsoleCore, 'simulator'>): QaSandbox | null {
  const simulator = core.simulator;
  if (!simulator) return null;
  return {
    advanceClock: (seconds) => simulator.control.advanceClock(seconds),
    complete: (transactionId, status) => simulator.control.complete(transactionId, status),
    armNextCall: (status) => void simulator.faults.armNextCall(status),
    armDelivery: (transactionId, control, times) => void simulator.faults.armDelivery(transactionId, control, times),
  };
}

export function runnerDepsFor(
  core: Pick<ConsoleCore, 'gateway' | 'simulator' | 'events'>,
  extra: Pick<RunnerDeps, 'askManual' | 'onProgress'> = {},
): RunnerDeps {
  return {
    gateway: core.gateway,
    sandbox: sandboxOf(core),
    subscribeNotifications: (listener) =>
      core.events.subscribe((name, payload) => {
        if (name === 'notifications.received') listener(payload as Parameters<typeof listener>[0]);
      }),
    consoleVersion: APP_VERSION,
    ...extra,
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
