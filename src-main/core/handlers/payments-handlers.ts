import type { Handlers } from '../dispatcher';
import type { GatewayService } from '../gateway-service';

type GatewayMethods =
  | 'orders.create'
  | 'payments.generateReference'
  | 'payments.mbwayPurchase'
  | 'payments.status'
  | 'payments.performAction';

/** orders.* and payments.*: every one is a gateway call through the SDK, recorded as an Exchange. */
export function createPaymentsHandlers(gateway: GatewayService): Pick<Handlers, GatewayMethods> {
  return {
    'orders.create': (input) => gateway.createOrder(input),
    'payments.generateReference': (input) => gateway.generateReference(input),
    'payments.mbwayPurchase': (input) => gateway.mbwayPurchase(input),
    'payments.status': (input) => gateway.status(input),
    'payments.performAction': (input) => gateway.performAction(input),
  };
}
