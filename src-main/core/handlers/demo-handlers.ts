import type { Exchange } from '@shared/exchange';
import { ConsoleFailure } from '@shared/result';
import { DemoSeedError, seedDemo, type DemoGateway } from '../../demo/seed-demo';
import type { ReceiptTime } from '../../notifications/receiver';
import type { RunningSimulator } from '../../simulator';
import type { Handlers } from '../dispatcher';
import { SANDBOX_PROFILES } from '../sandbox';
import { mainText } from '@shared/console-text';

const profileOf = (variant: 'A' | 'B') => SANDBOX_PROFILES.find((profile) => profile.variant === variant)!.id;

/**
 * `demo.*`: seeds the Sandbox for an onboarding demo. The gateway given here must not push its
 * exchanges itself: each is re-timed onto the demo's weeks first and only then pushed (`onExchange`),
 * as it happens — History must hold a transaction's create before the simulator's notification about
 * it arrives, or the notification would open the row at today's date and hide the story's statuses.
 */
export function createDemoHandlers(deps: {
  gateway: DemoGateway;
  getSimulator: () => RunningSimulator | null;
  onExchange: (exchange: Exchange) => void;
  /** The notification receiver's clock, put on the story's time line while seeding. */
  stampNotifications?: (receiptTime: ReceiptTime | null) => void;
}): Pick<Handlers, 'demo.seed'> {
  let seeding = false;
  return {
    'demo.seed': async () => {
      const simulator = deps.getSimulator();
      if (!simulator) throw new ConsoleFailure('simulator-not-running', mainText('simulatorNotRunning'));
      if (seeding) throw new ConsoleFailure('conflict', mainText('demoSeeding'));
      seeding = true;
      try {
        return await seedDemo({
          gateway: deps.gateway,
          control: simulator.control,
          profiles: { A: profileOf('A'), B: profileOf('B') },
          onExchange: deps.onExchange,
          stampNotifications: deps.stampNotifications,
        });
      } catch (error) {
        if (error instanceof DemoSeedError)
          throw new ConsoleFailure(error.code === 'sandbox-not-empty' ? 'conflict' : error.code, error.message);
        throw error;
      } finally {
        seeding = false;
      }
    },
  };
}
