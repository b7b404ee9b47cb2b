/** The gateway SDK: Electron-free, one sender, typed endpoints, redacted Exchange records. */
export {
  GatewayClient,
  apiRoot,
  type CallResult,
  type CreateOrderResult,
  type FollowUpOrder,
  type GatewayConnection,
} from './gateway-client';
export { GatewayRequestError } from './errors';
export { RequestSender, type SenderOptions } from './request-sender';
export { toMbwayPhone } from './phone';
