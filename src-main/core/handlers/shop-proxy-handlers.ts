import type { Handlers } from '../dispatcher';
import type { ShopProxyControl } from '../shop-proxy-control';

type ShopProxyMethods =
  'shopProxy.start' | 'shopProxy.stop' | 'shopProxy.status' | 'shopProxy.traffic' | 'shopProxy.saveScenario';

/** shopProxy.*: the recording proxy to a test environment (shop-proxy-control.ts decides what it may do). */
export function createShopProxyHandlers(control: ShopProxyControl): Pick<Handlers, ShopProxyMethods> {
  return {
    'shopProxy.start': async (input) => {
      await control.start(input);
      return { session: control.status() };
    },
    'shopProxy.stop': async () => ({ stopped: await control.stop() }),
    'shopProxy.status': () => ({ session: control.status() }),
    'shopProxy.traffic': (input) => control.traffic(input?.after ?? 0, input?.limit),
    'shopProxy.saveScenario': (input) => control.saveScenario(input),
  };
}
