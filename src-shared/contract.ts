/**
 * The ConsoleApi contract: the only crossing between the renderer and the main process (architecture rule 1).
 * Every method is `area.verb` with a doc line, a zod input and a zod output; every push event has a
 * payload schema. Main implements `Handlers` with `satisfies`; the preload, the browser-mode host and
 * the renderer's `src/api/` consume the same types. Each area lives in `./contract/<area>.ts`.
 */
import type { z } from 'zod';
import type { Result } from './result';
import { appEvents, appMethods } from './contract/app';
import { ordersEvents, ordersMethods } from './contract/orders';
import { paymentsMethods } from './contract/payments';
import { profilesEvents, profilesMethods } from './contract/profiles';
import { notificationsEvents, notificationsMethods } from './contract/notifications';
import { simulatorMethods } from './contract/simulator';
import { demoMethods } from './contract/demo';
import { vaultMethods } from './contract/vault';
import { supportMethods } from './contract/support';
import { qaEvents, qaMethods } from './contract/qa';
import { recordEvents, recordMethods } from './contract/record';
import { settingsMethods } from './contract/settings';
import { orderTemplatesMethods } from './contract/order-templates';
import { testSessionsEvents, testSessionsMethods } from './contract/test-sessions';
import { shopProxyEvents, shopProxyMethods } from './contract/shop-proxy';
import { teamEvents, teamMethods } from './contract/team';
import { shopMethods } from './contract/shop';

export const methods = {
  ...appMethods,
  ...profilesMethods,
  ...ordersMethods,
  ...paymentsMethods,
  ...notificationsMethods,
  ...simulatorMethods,
  ...demoMethods,
  ...vaultMethods,
  ...supportMethods,
  ...qaMethods,
  ...recordMethods,
  ...settingsMethods,
  ...orderTemplatesMethods,
  ...testSessionsMethods,
  ...shopProxyMethods,
  ...teamMethods,
  ...shopMethods,
};

export const events = {
  ...appEvents,
  ...profilesEvents,
  ...ordersEvents,
  ...notificationsEvents,
  ...qaEvents,
  ...recordEvents,
  ...testSessionsEvents,
  ...shopProxyEvents,
  ...teamEvents,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods & string;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events & string;
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;

export const methodNames = Object.keys(methods) as MethodName[];
export const eventNames = Object.keys(events) as EventName[];

export const isMethodName = (name: unknown): name is MethodName =>
  typeof name === 'string' && Object.hasOwn(methods, name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && Object.hasOwn(events, name);

export type Unsubscribe = () => void;

/**
 * What the renderer sees: one async function per method (key = `area.verb`) plus `on` for push events.
 * Input is optional where the schema accepts `undefined`.
 */
export type ConsoleApi = {
  [M in MethodName]: undefined extends MethodInput<M>
    ? (input?: MethodInput<M>) => Promise<Result<MethodOutput<M>>>
    : (input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
};

/** Channel names shared by the Electron preload and ipcMain. */
export const IPC_INVOKE_PREFIX = 'console-api:';
export const IPC_EVENT_CHANNEL = 'console-api:event';
/** Preload reads the method list from this argv flag (a sandboxed preload cannot import the contract's zod). */
export const PRELOAD_METHODS_ARG = '--console-api-methods=';
