/**
 * History folds each answer and notification into its row as it arrives; the Orders card reads them all
 * at once. Both go through the shared derivation, so whatever order things arrive in, they must agree.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { exchangesOf, notificationsOf } from '../../../src-renderer/src/db/exchange-query';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { deriveOrderCard } from '../../../src-renderer/src/features/followups/order-card';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { freshDb, lookupProfile, makeExchange, T0 } from './fixtures';
import { makeDelivery, notificationJson, TX } from '../notifications/fixtures';

const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

function answer(operation: Exchange['operation'], status: string, observedMinute: number, gatewayMinute?: number) {
  return makeExchange({
    operation,
    transactionID: TX,
    paymentStatus: status,
    timings: { startedAt: at(observedMinute), durationMs: 5, attempts: 1 },
    response: {
      status: 200,
      headers: {},
      bodyText: JSON.stringify({
        paymentStatus: status,
        transactionID: TX,
        paymentMethodList: ['MBWAY'],
        ...(gatewayMinute === undefined ? {} : { transactionDateTime: at(gatewayMinute) }),
      }),
    },
  });
}

function notified(seq: number, status: string, gatewayMinute: number, receivedMinute: number): DeliveryRecord {
  return makeDelivery(
    seq,
    notificationJson({ paymentStatus: status, transactionDateTime: at(gatewayMinute), notificationID: `n-${seq}` }),
    { receivedAt: at(receivedMinute) },
  );
}

type Arrival = { exchange: Exchange } | { delivery: DeliveryRecord };

async function historyAndCard(arrivals: readonly Arrival[]) {
  const db = freshDb();
  for (const arrival of arrivals) {
    if ('exchange' in arrival) await recordExchange(db, arrival.exchange, lookupProfile);
    else await ingestDelivery(db, arrival.delivery, lookupProfile);
  }
  const row = await getTransaction(db, TX);
  const exchanges = arrivals.flatMap((a) => ('exchange' in a ? [a.exchange] : []));
  const card = deriveOrderCard(exchanges, await notificationsOf(db, TX));
  expect(await exchangesOf(db, TX)).toHaveLength(exchanges.length);
  return { row, card };
}

describe('History row and Orders card agree (one derivation)', () => {
  it('defect "Orders card says Success · final while History says Pending": an MB WAY approval by notification is Success · final on both, without a status query', async () => {
    const { row, card } = await historyAndCard([
      { exchange: answer('createOrder', 'Pending', 0) },
      { exchange: answer('mbwayPurchase', 'Pending', 1) },
      { delivery: notified(1, 'Success', 2, 2) },
    ]);
    expect([row?.paymentStatus, row?.statusKey]).toEqual(['Success', 'Success']);
    expect([card.currentStatus, card.isFinal]).toEqual(['Success', true]);
  });

  it('agree in every arrival order of answers and out-of-order, duplicated notifications', async () => {
    const items: Arrival[] = [
      { exchange: answer('createOrder', 'Pending', 0) },
      { exchange: answer('getStatus', 'InProcessing', 5, 4) },
      { delivery: notified(1, 'Pending', 0, 9) },
      { delivery: notified(2, 'InProcessing', 4, 6) },
      { exchange: answer('getStatus', 'Pending', 3, 0) },
    ];
    const seen = new Set<string>();
    for (const order of [items, [...items].reverse(), [items[2]!, items[0]!, items[4]!, items[1]!, items[3]!]]) {
      const { row, card } = await historyAndCard(order);
      expect(row?.paymentStatus).toBe(card.currentStatus);
      seen.add(String(card.currentStatus));
    }
    expect([...seen]).toEqual(['InProcessing']);
  });
});
