/**
 * The SDK's chokepoint for issue 25 (credentials go only where they were entered for): whatever address a
 * connection names, the bearer token, the client id and a transaction signature are attached only to a
 * request for the origin the secrets were saved for. A refused call sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { startFaultServer } from '../../support/fault-server';
import { connectionTo, orderA } from './fixtures';

let listener: Awaited<ReturnType<typeof startFaultServer>>;
let sender: RequestSender;
let client: GatewayClient;
beforeAll(async () => {
  listener = await startFaultServer();
  sender = new RequestSender({ totalTimeoutMs: 1000, connectTimeoutMs: 1000 });
  client = new GatewayClient(sender);
});
afterAll(async () => {
  await sender.close();
  await listener.close();
});

describe('credentials are attached only for the origin they were saved for (issue 25: they followed the base URL)', () => {
  // The profile's address now names the listener; its secrets were saved for the real gateway.
  const moved = () => connectionTo(listener.url, { secretsOrigin: 'https://gateway.example.com:443' });

  it.each([
    ['create', () => client.createOrder(moved(), orderA())],
    ['status', () => client.getStatus(moved(), 's2abc')],
    ['reference', () => client.generateReference(moved(), 's2abc', 'signature-0004-abcdefgh')],
    ['MB WAY', () => client.mbwayPurchase(moved(), 's2abc', 'signature-0004-abcdefgh', '912345678')],
  ])('a %s call to another origin is refused before anything is sent', async (_name, call) => {
    listener.reset();
    await expect(call()).rejects.toMatchObject({ code: 'secrets-origin-mismatch' });
    expect(listener.seen).toHaveLength(0);
  });

  it('an action step to another origin (a bank’s 3-D Secure page the gateway named) carries nothing of the profile', async () => {
    listener.reset();
    await client.performAction(moved(), {
      transactionId: 's2abc',
      url: `${listener.url}/api/v2/payments/s2abc/action`,
      params: [{ name: 'threeDSMethodData', value: 'abc' }],
      signature: 'signature-0004-abcdefgh',
    });
    expect(listener.seen).toHaveLength(1);
    expect(listener.seen[0]?.headers.authorization).toBeUndefined();
    expect(listener.seen[0]?.headers['x-platform-client-id']).toBeUndefined();
    expect(JSON.stringify(listener.seen)).not.toContain('signature-0004-abcdefgh');
  });
});
