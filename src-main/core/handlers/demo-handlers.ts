import type { Exchange } from '@shared/exchange';
import { ConsoleFailure } from '@shared/result';
import { DEMO_WORLD_ID, worldProfileId } from '@shared/sandbox-worlds';
import type { GatewayCalls } from '../../gateway/gateway-calls';
import { DEMO_CLOCK_OFFSET_MS, DemoSeedError, seedDemo } from '../../demo/seed-demo';
import type { ReceiptTime } from '../../notifications/receiver';
import type { Handlers } from '../dispatcher';
import type { SandboxWorlds } from '../worlds/sandbox-worlds';
import { mainText } from '@shared/console-text';

/**
 * `demo.*`: the onboarding demo in a world of its own, so the user's Sandbox (transactions and clock) is
 * never touched: Start makes the demo world afresh and seeds it, End discards it. The gateway given here
 * must not push its exchanges itself: each is dated on the demo world's clock first and only then pushed
 * (`onExchange`), as it happens — History must hold a transaction's create before the simulator's
 * notification about it arrives, or the notification would open the row at today's date.
 */
export function createDemoHandlers(deps: {
  gateway: GatewayCalls;
  getWorlds: () => SandboxWorlds | null;
  onExchange: (exchange: Exchange) => void;
  /** The notification receiver's clock, put on the demo world's time line while seeding. */
  stampNotifications?: (receiptTime: ReceiptTime | null) => void;
}): Pick<Handlers, 'demo.seed' | 'demo.end'> {
  let seeding = false;
  const running = (): SandboxWorlds => {
    const worlds = deps.getWorlds();
    if (!worlds) throw new ConsoleFailure('simulator-not-running', mainText('simulatorNotRunning'));
    return worlds;
  };
  return {
    'demo.seed': async () => {
      const worlds = running();
      if (seeding) throw new ConsoleFailure('conflict', mainText('demoSeeding'));
      seeding = true;
      try {
        const opened = await worlds.open(DEMO_WORLD_ID, { label: 'Demo', clockOffsetMs: DEMO_CLOCK_OFFSET_MS });
        const seeded = await seedDemo({
          gateway: deps.gateway,
          control: worlds.controls(DEMO_WORLD_ID).control,
          profiles: opened.profiles,
          onExchange: deps.onExchange,
          stampNotifications: deps.stampNotifications,
        });
        return { ...seeded, worldId: opened.worldId, profiles: opened.profiles };
      } catch (error) {
        if (error instanceof DemoSeedError)
          throw new ConsoleFailure(error.code === 'sandbox-not-empty' ? 'conflict' : error.code, error.message);
        throw error;
      } finally {
        seeding = false;
      }
    },
    'demo.end': async () => {
      const worlds = running();
      if (seeding) throw new ConsoleFailure('conflict', mainText('demoSeeding'));
      const discarded = await worlds.close(DEMO_WORLD_ID);
      return { discarded, profiles: [worldProfileId(DEMO_WORLD_ID, 'A'), worldProfileId(DEMO_WORLD_ID, 'B')] };
    },
  };
}
