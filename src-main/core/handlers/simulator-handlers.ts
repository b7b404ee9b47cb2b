import { ConsoleFailure } from '@shared/result';
import type { SimulatorStatus } from '@shared/contract/simulator';
import { SimError } from '../../simulator/errors';
import type { RunningSimulator } from '../../simulator';
import type { Handlers } from '../dispatcher';
import { mainText } from '@shared/console-text';

type SimulatorMethod =
  | 'simulator.status'
  | 'simulator.transactions'
  | 'simulator.complete'
  | 'simulator.advanceClock'
  | 'simulator.deliveries'
  | 'simulator.reset';

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
 * `simulator.*` for the console's Simulator panel. Takes a getter because the core may start, restart
 * or skip the simulator; every method but `status` fails with `simulator-not-running` without one.
 */
export function createSimulatorHandlers(
  getSimulator: () => RunningSimulator | null,
  hooks: {
    /** After the simulator forgot its state: the console forgets what it kept for the Sandbox (signatures). */
    afterReset?: () => Promise<void>;
  } = {},
): Pick<Handlers, SimulatorMethod> {
  const running = (): RunningSimulator => {
    const simulator = getSimulator();
    if (!simulator) throw new ConsoleFailure('simulator-not-running', mainText('simulatorNotRunning'));
    return simulator;
  };
  return {
    'simulator.status': (): SimulatorStatus => {
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
      return {
        running: true,
        url: simulator.url,
        apiUrl: simulator.apiUrl,
        clientIdHeader: simulator.clientIdHeader,
        terminals: simulator.terminals.map(({ terminalId, variant }) => ({ terminalId, variant })),
        controlEnabled: simulator.controlEnabled,
        webhookUrl: simulator.webhookUrl(),
        clock: simulator.control.clockView(),
        transactionCount: simulator.control.transactionCount(),
      };
    },
    'simulator.transactions': (input) => running().control.newestTransactions(input?.limit ?? 200),
    'simulator.complete': ({ transactionId, paymentStatus }) =>
      running().control.complete(transactionId, paymentStatus).catch(asConsoleFailure),
    'simulator.advanceClock': ({ seconds }) => running().control.advanceClock(seconds).catch(asConsoleFailure),
    'simulator.deliveries': (input) => running().control.deliveries(input?.transactionId),
    'simulator.reset': async () => {
      const result = running().control.reset();
      await hooks.afterReset?.();
      return result;
    },
  };
}
