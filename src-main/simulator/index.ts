/** The embedded gateway simulator (Electron-free). See docs/simulator.md. */
export { startSimulator, type RunningSimulator } from './server';
export type { SimWorld } from './world';
export { DEFAULT_WORLD_ID } from './world';
export { MAX_WORLDS, WORLD_ID, type SimWorlds, type CreateWorldOptions } from './worlds';
export type { SimulatorOptions, SimulatorTerminal, WebhookTarget, NotificationOptions } from './options';
export type { TransactionView, StatusChange } from './transactions';
export type { Delivery, DeliveryAttempt } from './notifier';
export type { ClockView } from './control';
export { MBWAY_SCENARIOS, AMOUNT_SCENARIOS } from './scenarios';
export { RETRY_DELAYS_SECONDS } from './notifier';
