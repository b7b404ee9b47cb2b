/**
 * Team workspace canary at the database level: a production profile's calls, taken from main's record the
 * way main hands them out and written to the workspace as an agent, leave no secret, card number or clear
 * customer field anywhere in the database (a pg_dump of all of it). Main's own sync is covered by
 * test/main/team/team-sync.test.ts (teamsync); this test pins what reaches the database from main's record
 * and proves the canary can see a leak when one is there.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordEntry } from '@shared/contract/record';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { startFaultServer } from '../../support/fault-server';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';
import { dumpWorkspace, findLeaks } from '../../support/team-canary';
import { createTestWorkspace, type Login, type TestWorkspace } from '../../support/team-workspace';

const CUSTOMER = {
  customerName: 'Ana Maria Silva',
  customerEmail: 'ana.silva@example.pt',
  customerPhone: '+351912345678',
};
const CARD = '4111111111111111';
const BEARER = 'live-bearer-canary-never-shared-0001';
const CLIENT_ID = 'live-client-canary-never-0001';
const SIGNATURE = 'SIGNATURE-canary-never-shared-0001-abcdef';
const WEBHOOK_SECRET = Buffer.alloc(32, 0x5a).toString('base64');
const NEVER = [BEARER, CLIENT_ID, SIGNATURE, WEBHOOK_SECRET, CARD, CUSTOMER.customerName, 'Silva', '912345678'];

let cluster: ThrowawayCluster;
let ws: TestWorkspace;
let alice: Login;

beforeAll(async () => {
  cluster = await startThrowawayCluster();
  ws = await createTestWorkspace(cluster, 'canary');
  alice = await ws.addPerson('canary_alice', 'agent', [{ merchantId: 'M1' }]);
}, 60_000);
afterAll(async () => {
  await ws?.close();
  await cluster?.stop();
});

/** Writes main's record entries to the workspace as the agent: one transaction row and the exchange. */
async function shareAsAgent(client: pg.Client, entries: RecordEntry[]) {
  for (const entry of entries) {
    if (entry.kind !== 'exchange') continue;
    const { exchange } = entry;
    const answer = JSON.parse(exchange.response?.bodyText ?? '{}') as {
      customer?: { customerInfo?: { customerEmail?: string } };
      paymentStatus?: string;
      paymentReference?: { reference?: string };
    };
    const transactionId = exchange.transactionID ?? 'unknown';
    await client.query(
      `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, merchant_transaction_id, reference, status,
                                 customer_email, environment)
       VALUES ($1, 'M1', '1000001', $2, $3, $4, $5, 'production')
       ON CONFLICT (transaction_id) DO UPDATE SET status = EXCLUDED.status`,
      [
        transactionId,
        exchange.merchantTransactionId ?? null,
        answer.paymentReference?.reference ?? null,
        answer.paymentStatus ?? null,
        answer.customer?.customerInfo?.customerEmail ?? null,
      ],
    );
    await client.query(
      `INSERT INTO exchanges (client_id, transaction_id, merchant_id, terminal_id, exchange)
       VALUES ($1, $2, 'M1', '1000001', $3)`,
      [randomUUID(), transactionId, JSON.stringify(exchange)],
    );
  }
}

describe('team workspace canary (database level)', () => {
  it('team workspace canary: a production profile’s calls from main’s record leave no secret, card number or clear customer field in a pg_dump', async () => {
    const harness = await startCore();
    const gateway = await startFaultServer();
    try {
      const live = await harness.call('profiles.save', {
        settings: {
          name: 'Live shop',
          environment: 'production',
          baseUrl: gateway.url,
          terminalId: '1000001',
          variant: 'A',
        },
        secrets: { bearerToken: BEARER, clientId: CLIENT_ID, webhookSecret: WEBHOOK_SECRET },
        productionConfirmation: { profileName: 'Live shop' },
      });
      const transactionID = 's2CANARYDB0000000001';
      const answer = {
        returnStatus: { statusCode: '000', statusMsg: 'Success', statusDescription: `echo ${BEARER} ${CARD}` },
        transactionID,
        transactionSignature: SIGNATURE,
        paymentStatus: 'Pending',
        merchant: { terminalId: '1000001', merchantTransactionId: 'canary-db-1' },
        amount: { value: '12.50', currency: 'EUR' },
        customer: { customerInfo: CUSTOMER },
        paymentReference: { reference: '123 456 789', entity: '12345' },
      };
      const order = { ...orderA('canary-db-1'), customer: { customerInfo: CUSTOMER } };
      // A card number typed into free text is redacted by main's record. (An e-mail address typed into free
      // text is not: main's customer mask goes by field name; the sync masks such addresses on the way out,
      // pinned by the canary in team-sync.test.ts.)
      order.transaction.description = `Card ${CARD} for the order`;
      gateway.next({ kind: 'answer', status: 200, body: answer });
      await harness.call('orders.create', {
        profileId: live.id,
        order,
        confirmation: { profileName: 'Live shop', amount: order.transaction.amount.value },
      });
      gateway.next({ kind: 'answer', status: 200, body: answer });
      await harness.call('payments.status', { profileId: live.id, transactionId: transactionID });

      const { entries } = (await harness.call('record.since', { after: 0 })) as { entries: RecordEntry[] };
      expect(entries.filter((e) => e.kind === 'exchange')).toHaveLength(2);
      await shareAsAgent(await ws.connect(alice), entries);

      const dump = dumpWorkspace(cluster, ws.database);
      expect(dump).toContain(transactionID); // it was shared…
      expect(findLeaks(dump, NEVER)).toEqual([]); // …and nothing that must not be was
    } finally {
      await gateway.close();
      await harness.close();
      await harness.removeDir();
    }
  }, 60_000);

  it('the canary sees a leak when there is one: a secret, a grouped card number and a clear e-mail planted by the superuser', async () => {
    const su = await ws.connect('superuser');
    await su.query(
      `INSERT INTO exchanges (client_id, transaction_id, merchant_id, terminal_id, exchange) VALUES ($1, 'planted', 'M9', 'T9', $2)`,
      [randomUUID(), JSON.stringify({ note: `card 4111-1111-1111-1111 for ${CUSTOMER.customerEmail}`, auth: BEARER })],
    );
    const leaks = findLeaks(dumpWorkspace(cluster, ws.database), NEVER);
    expect(leaks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'secret', value: BEARER }),
        expect.objectContaining({ kind: 'email', value: CUSTOMER.customerEmail }),
        expect.objectContaining({ kind: 'card-data', line: expect.stringContaining('4111-1111-1111-1111') }),
      ]),
    );
    expect(leaks.every((leak) => leak.line.includes('planted'))).toBe(true);
    await su.query(`DELETE FROM exchanges WHERE transaction_id = 'planted'`);
  });
});
