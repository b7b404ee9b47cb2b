/**
 * A console core with its shop world, and a shop that calls it: the shop's own HTTP client (`fetch`, nothing
 * of the console's SDK) with the address and credentials main hands out.
 */
import type { ShopConnection } from '../../../src-shared/contract/shop';
import { validOrderA } from '../../shared/gateway/fixtures';
import { startCore } from '../core/harness';

export type CoreHarness = Awaited<ReturnType<typeof startCore>>;

/** A fresh core and its shop world's connection; closing and removing it is pushed onto `cleanups`. */
export async function startShopCore(
  cleanups: Array<() => Promise<void>>,
): Promise<{ harness: CoreHarness; connection: ShopConnection }> {
  const harness = await startCore();
  cleanups.push(async () => {
    await harness.close();
    await harness.removeDir();
  });
  return { harness, connection: (await harness.call('shop.connection')) as ShopConnection };
}

/** The shop creates an order on its world. */
export async function shopCreates(connection: ShopConnection): Promise<{ status: number; transactionID?: string }> {
  const response = await fetch(`${connection.apiUrl}/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${connection.terminals[0]!.bearerToken}`,
      [connection.clientIdHeader]: connection.clientId,
    },
    body: JSON.stringify(validOrderA()),
  });
  const body = (await response.json().catch(() => ({}))) as { transactionID?: string };
  return { status: response.status, ...body };
}
