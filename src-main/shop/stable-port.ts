import { createServer } from 'node:net';
import { mainText, type MainText } from '@shared/console-text';
import type { ShopSettings } from './shop-settings';

/** Whether a loopback port can be listened on now (probed and released at once). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The port the embedded simulator should listen on: the one it had last time, so a shop configured with
 * the Sandbox's address keeps reaching it after a restart; 0 (any) the first time or when another program
 * took it — then `changedFrom` names the old port so the user can be told the address changed.
 */
export async function simulatorPortToUse(
  settings: ShopSettings,
): Promise<{ port: number; changedFrom: number | null }> {
  const { simulatorPort } = await settings.read();
  if (simulatorPort === null) return { port: 0, changedFrom: null };
  return (await portIsFree(simulatorPort))
    ? { port: simulatorPort, changedFrom: null }
    : { port: 0, changedFrom: simulatorPort };
}

/** Keeps the port the simulator took; returns what to tell the user when it is not the remembered one. */
export async function rememberSimulatorPort(
  settings: ShopSettings,
  simulatorUrl: string,
  changedFrom: number | null,
): Promise<MainText | null> {
  const port = Number(new URL(simulatorUrl).port);
  if (Number.isInteger(port) && port > 0) await settings.update({ simulatorPort: port });
  return changedFrom === null ? null : mainText('shopPortChanged', { port: changedFrom, url: simulatorUrl });
}
