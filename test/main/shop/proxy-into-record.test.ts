/**
 * Proxied calls in main's record (issue 29 §4): what a shop sends through the recording proxy to a test
 * environment lands in main's record — so History and the Traffic view hold it with no window open — marked
 * as having gone through the proxy, masked as the proxy session captured it: never a credential, signature
 * or card number, not even one the shop echoes where no capture rule looks. The session's own log, findings
 * and scenario export keep working. A second simulator stands in for the test environment.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordEntry } from '@shared/contract/record';
import { exchangeOfShopCall } from '@shared/shop/shop-exchange';
import type { ShopCall } from '@shared/shop/traffic';
import { RECORD_DIR, RECORD_FILE } from '../../../src-main/record/record-journal';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { startCore } from '../core/harness';
import { validOrderA } from '../../shared/gateway/fixtures';

let testEnv: RunningSimulator;
let harness: Awaited<ReturnType<typeof startCore>>;
let testProfileId: string;

const terminalA = () => testEnv.terminals.find((terminal) => terminal.variant === 'A')!;
const headers = (authorization: string) => ({
  'content-type': 'application/json',
  authorization,
  [testEnv.clientIdHeader]: testEnv.clientId,
});

beforeAll(async () => {
  testEnv = await startSimulator({ seed: 12 });
  harness = await startCore();
  const profile = await harness.call('profiles.save', {
    settings: {
      name: 'Shop test env',
      environment: 'test',
      baseUrl: testEnv.url,
      pathPrefix: testEnv.basePath,
      version: testEnv.version,
      terminalId: terminalA().terminalId,
      variant: 'A',
      clientIdHeader: testEnv.clientIdHeader,
    },
    // The test environment's credentials, as the tester saved them: the canaries.
    secrets: { bearerToken: terminalA().token, clientId: testEnv.clientId },
  });
  testProfileId = profile.id;
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
  await testEnv.close();
});

const proxiedInRecord = async (count: number): Promise<Array<Extract<RecordEntry, { kind: 'shop' }>>> => {
  for (let waited = 0; waited < 3_000; waited += 25) {
    const page = await harness.call('record.since', { after: 0 });
    const shop = (page.entries as RecordEntry[]).filter(
      (entry): entry is Extract<RecordEntry, { kind: 'shop' }> => entry.kind === 'shop' && entry.shop.via === 'proxy',
    );
    if (shop.length >= count) return shop;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} proxied entries reached the record`);
};

describe('proxied calls in main’s record', () => {
  it('land in the record and the Traffic view’s list marked “through the proxy”, masked: no token, client id, signature or card number', async () => {
    const { session } = await harness.call('shopProxy.start', { profileId: testProfileId });
    const token = terminalA().token;
    const card = '4111111111111111';
    try {
      const created = await fetch(`${session.apiUrl}/payments`, {
        method: 'POST',
        headers: headers(`Bearer ${token}`),
        body: JSON.stringify(validOrderA()),
      });
      expect(created.status).toBe(200);
      const { transactionID, transactionSignature } = (await created.json()) as {
        transactionID: string;
        transactionSignature: string;
      };
      // A follow-up signed with Digest whose body echoes the bearer token (which no capture rule of a
      // Digest call looks for), the signature and a card number.
      await fetch(`${session.apiUrl}/payments/${transactionID}/mbway-id/purchase`, {
        method: 'POST',
        headers: headers(`Digest ${transactionSignature}`),
        body: JSON.stringify({ customerPhone: '351#912345678', note: `echo ${token} ${transactionSignature} ${card}` }),
      });

      const entries = await proxiedInRecord(2);
      expect(entries.map((entry) => (entry.shop as ShopCall).operation)).toEqual(['createOrder', 'mbwayPurchase']);
      expect(entries[0]!.shop).toMatchObject({ worldId: session.id, via: 'proxy', transactionID });
      // In the Traffic view's list, and in History as an exchange marked as having gone through the proxy.
      const traffic = await harness.call('shop.traffic', { after: 0 });
      expect(traffic.entries.map((record: { seq: number }) => record.seq)).toEqual(entries.map((entry) => entry.seq));
      expect(exchangeOfShopCall(entries[0]!.seq, entries[0]!.shop as ShopCall)).toMatchObject({
        from: 'shop',
        shopSource: { worldId: session.id, via: 'proxy' },
      });

      const file = await readFile(join(harness.userDataDir, RECORD_DIR, RECORD_FILE), 'utf8');
      for (const secret of [token, testEnv.clientId, transactionSignature, card]) expect(file).not.toContain(secret);

      // The proxy session's own log, findings and scenario export still work.
      expect((await harness.call('shopProxy.traffic', {})).entries).toHaveLength(2);
      expect((await harness.call('shopProxy.status')).session).toMatchObject({ calls: 2 });
      const saved = await harness.call('shopProxy.saveScenario', { file: 'proxied.yaml', name: 'Proxied' });
      expect(saved.steps).toBeGreaterThan(0);
    } finally {
      await harness.call('shopProxy.stop');
    }
  });
});
