/**
 * One line per entry of the shop's traffic, for the Traffic view's timeline: what happened in a few
 * words. Pure: every value is outside text (the shop's path, the world's ids) and is only ever shown
 * as text by the view.
 */
import type { ShopRecord } from '@shared/contract/shop';
import type { TrafficFilter } from './use-shop-traffic';

export interface TrafficRow {
  seq: number;
  kind: 'call' | 'notification';
  /** Recorded by the recording proxy on its way to a test environment, not by the shop's world. */
  viaProxy: boolean;
  at: string;
  /** `POST /worlds/shop/api/v2/payments` or the notification's id. */
  what: string;
  /** `HTTP 200 · 000` for a call; `HTTP 200 · acknowledged` / the ack problem for a notification. */
  outcome: string;
  /** True when the call got no normal answer or the notification was not acknowledged. */
  failed: boolean;
  transactionID: string | null;
  record: ShopRecord;
}

export function trafficRow(record: ShopRecord): TrafficRow {
  const { shop } = record;
  if (shop.kind === 'call') {
    const response = shop.response;
    return {
      seq: record.seq,
      kind: 'call',
      viaProxy: shop.via === 'proxy',
      at: shop.receivedAt,
      what: `${shop.method} ${shop.path}`,
      outcome: response
        ? [`HTTP ${response.status}`, shop.statusCode, response.fault].filter(Boolean).join(' · ')
        : '—',
      failed: !response || response.status !== 200 || (shop.statusCode !== null && shop.statusCode !== '000'),
      transactionID: shop.transactionID,
      record,
    };
  }
  return {
    seq: record.seq,
    kind: 'notification',
    viaProxy: shop.via === 'proxy',
    at: shop.sentAt,
    what: `${shop.paymentStatus} · ${shop.notificationID}${shop.attempt > 1 ? ` (#${shop.attempt})` : ''}`,
    outcome: [shop.answer ? `HTTP ${shop.answer.status}` : '—', shop.ackProblem].filter(Boolean).join(' · '),
    failed: !shop.acknowledged,
    transactionID: shop.transactionID,
    record,
  };
}

/** The rows a filter keeps; `flagged` holds the seqs of entries that are evidence of a finding. */
export function filterRows(rows: TrafficRow[], filter: TrafficFilter, flagged: ReadonlySet<number>): TrafficRow[] {
  if (filter === 'calls') return rows.filter((row) => row.kind === 'call');
  if (filter === 'notifications') return rows.filter((row) => row.kind === 'notification');
  if (filter === 'findings') return rows.filter((row) => flagged.has(row.seq));
  return rows;
}
