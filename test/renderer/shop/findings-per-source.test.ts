/**
 * The Traffic view holds the shop world's calls and, since they enter main's record, those the recording
 * proxy forwarded to a test environment (issue 29 §4): each source is judged on its own — the same order id
 * on the world and through the proxy is no reuse — while a reuse within one source is still found.
 */
import { describe, expect, it } from 'vitest';
import type { ShopRecord } from '@shared/contract/shop';
import type { ShopCall } from '@shared/shop/traffic';
import { judgeBySource } from '../../../src-renderer/src/features/shop/use-shop-findings';

const create = (
  seq: number,
  worldId: string,
  via: 'world' | 'proxy',
  transactionID: string,
  change: Partial<ShopCall> = {},
): ShopRecord => {
  const shop: ShopCall = {
    kind: 'call',
    seq,
    worldId,
    via,
    receivedAt: new Date(Date.UTC(2026, 10, 26, 2, 0, seq)).toISOString(),
    worldTime: new Date(Date.UTC(2026, 10, 26, 2, 0, seq)).toISOString(),
    method: 'POST',
    path: '/api/v2/payments',
    operation: 'createOrder',
    request: {
      headers: { authorization: 'Bearer ••••abcd', 'x-ibm-client-id': '••••wxyz', 'content-type': 'application/json' },
      authScheme: 'Bearer',
      body: null,
      bodyTruncated: false,
    },
    response: { status: 200, headers: {}, body: '{}', fault: null },
    durationMs: 3,
    transactionID,
    merchantTransactionId: 'order-1',
    statusCode: '000',
    paymentStatus: 'Pending',
    ...change,
  };
  return { seq, shop };
};

const reuses = (records: ShopRecord[]) =>
  judgeBySource(records, {})
    .flatMap((source) => source.findings)
    .filter((finding) => finding.code === 'merchant-transaction-id-reused');

describe('findings per source in the Traffic view', () => {
  it('one order id on the shop world and again through the proxy is no reuse; twice on the world is', () => {
    expect(reuses([create(1, 'shop', 'world', 's2A'), create(2, 'proxy-1', 'proxy', 's2B')])).toEqual([]);
    expect(reuses([create(1, 'shop', 'world', 's2A'), create(3, 'shop', 'world', 's2C')])).toHaveLength(1);
  });

  it('the go-live checklist too: the proxy’s calls neither pass nor fail an item of the world’s checklist, nor the world’s the proxy’s', () => {
    // The world's shop calls without its client-id header; through the proxy it is answered Declined.
    const world = create(1, 'shop', 'world', 's2A');
    delete (world.shop as ShopCall).request.headers['x-ibm-client-id'];
    const records = [world, create(2, 'proxy-1', 'proxy', 's2B', { paymentStatus: 'Declined' })];
    const judged = judgeBySource(records, { clientIdHeader: 'X-IBM-Client-Id' });
    const item = (via: 'world' | 'proxy', id: string) =>
      judged.find((source) => source.source.via === via)!.report.items.find((candidate) => candidate.id === id)!;
    expect(item('world', 'request-headers')).toMatchObject({ status: 'fail', evidenceSeqs: [1] });
    expect(item('proxy', 'request-headers')).toMatchObject({ status: 'pass', evidenceSeqs: [2] });
    expect(item('world', 'handles-declined')).toMatchObject({ status: 'not-exercised', evidenceSeqs: [] });
    expect(item('proxy', 'handles-declined')).toMatchObject({ status: 'pass', evidenceSeqs: [2] });
    expect(judged.map((source) => source.report.source)).toEqual([
      { via: 'world', worldId: 'shop' },
      { via: 'proxy', worldId: 'proxy-1' },
    ]);
  });
});
