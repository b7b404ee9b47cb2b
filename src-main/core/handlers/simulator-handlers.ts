import { ConsoleFailure } from '@shared/result';
import type { SimulatorStatus } from '@shared/contract/simulator';
import { SimError } from '../../simulator/errors';
import type { RunningSimulator } from '../../simulator';
import type { SandboxWorlds, WorldControls } from '../worlds/sandbox-worlds';
import type { Handlers } from '../dispatcher';
import { mainText } from '@shared/console-text';

type SimulatorMethod =
  | 'simulator.status'
  | 'simulator.transactions'
  | 'simulator.complete'
  | 'simulator.advanceClock'
  | 'simulator.deliveries'
  | 'simulator.reset'
  | 'simulator.worlds'
  | 'simulator.discardWorld';

const FAILURE_CODES: Record<number, string> = { 400: 'invalid-input', 404: 'not-found', 409: 'conflict' };

/** Turns the simulator's HTTP-shaped refusals into ConsoleFailures the panel can show. */
const asConsoleFailure = (error: unknown): never => {
  if (error instanceof SimError) {
    const code = FAILURE_CODES[error.httpStatus] ?? 'simulator-error';
    throw new ConsoleFailure(code, error.text ?? error.returnStatus.statusDescription, {
      statusCode: error.returnStatus.statusCode,
    });
  }
  throw error;
};

/**
 * `simulator.*` for the console's Simulator panel, each acting on one world: the user's Sandbox, or the
 * world named by `worldId` (demo, scenario run, QA session). Takes getters because the core may start,
 * restart or skip the simulator; every method but `status` fails with `simulator-not-running` without one.
 */
export function createSimulatorHandlers(
  getSimulator: () => RunningSimulator | null,
  hooks: {
    /** After a world forgot its state: the console forgets what it kept for it (signatures); null is the user's Sandbox. */
    afterReset?: (worldId: string | null) => Promise<void>;
    /** The console's own worlds (absent: only the user's Sandbox exists). */
    getWorlds?: () => SandboxWorlds | null;
  } = {},
): Pick<Handlers, SimulatorMethod> {
  const running = (): RunningSimulator => {
    const simulator = getSimulator();
    if (!simulator) throw new ConsoleFailure('simulator-not-running', mainText('simulatorNotRunning'));
    return simulator;
  };
  /** The chosen world's controls; a world the console does not know is refused, never created. */
  const inWorld = (worldId: string | undefined): WorldControls => {
    const simulator = running();
    if (worldId === undefined) return simulator;
    const worlds = hooks.getWorlds?.();
    if (!worlds) throw new ConsoleFailure('not-found', mainText('worldNotFound', { id: worldId }));
    return worlds.controls(worldId);
  };
  return {
    'simulator.status': (input): SimulatorStatus => {
      const simulator = getSimulator();
      if (!simulator)
        return {
          running: false,
          url: null,
          apiUrl: null,
          clientIdHeader: null,
          terminals: [],
          controlEnabled: false,
          webhookUrl: null,
          clock: null,
          transactionCount: 0,
        };
      const { control, apiUrl } = inWorld(input?.worldId);
      return {
        running: true,
        url: simulator.url,
        apiUrl,
        clientIdHeader: simulator.clientIdHeader,
        terminals: simulator.terminals.map(({ terminalId, variant }) => ({ terminalId, variant })),
        controlEnabled: simulator.controlEnabled,
        webhookUrl: simulator.webhookUrl(),
        clock: control.clockView(),
        transactionCount: control.transactionCount(),
      };
    },
    'simulator.transactions': (input) => inWorld(input?.worldId).control.newestTransactions(input?.limit ?? 200),
    'simulator.complete': ({ transactionId, paymentStatus, worldId }) =>
      inWorld(worldId).control.complete(transactionId, paymentStatus).catch(asConsoleFailure),
    'simulator.advanceClock': ({ seconds, worldId }) =>
      inWorld(worldId).control.advanceClock(seconds).catch(asConsoleFailure),
    'simulator.deliveries': (input) => inWorld(input?.worldId).control.deliveries(input?.transactionId),
    'simulator.reset': async (input) => {
      const result = await inWorld(input?.worldId).control.reset();
      await hooks.afterReset?.(input?.worldId ?? null);
      return result;
    },
    'simulator.worlds': async () => {
      running();
      return (await hooks.getWorlds?.()?.list()) ?? [];
    },
    'simulator.discardWorld': async ({ worldId }) => {
      running();
      const worlds = hooks.getWorlds?.();
      if (!worlds) throw new ConsoleFailure('not-found', mainText('worldNotFound', { id: worldId }));
      return { discarded: await worlds.discardOnRequest(worldId) };
    },
  };
}
