import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src-renderer/src/i18n';
import {
  declineReasonOf,
  formatDeclineReason,
  rowDeclineReason,
} from '../../../src-renderer/src/composables/decline-reason';
import { exchangesOf, notificationsOf } from '../../../src-renderer/src/db/exchange-query';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import { buildTimeline } from '../../../src-renderer/src/composables/timeline';
import { freshDb, lookupProfile, makeExchange, makeRow, statusExchange, T0 } from '../db/fixtures';
import { makeDelivery, notificationJson, TX } from '../notifications/fixtures';

// The support desk's agent explanation of 01.106.0004, the one table every screen reads code meanings from.
const DECLINED_EN =
  'MB WAY declined (statusMsg "Declined"): the shopper refused in the app or the bank declined. No money was taken.';

afterEach(() => setLocale('en'));

const declined = notificationJson({
  paymentStatus: 'Declined',
  returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' },
});

describe('the decline reason', () => {
  it('a declining notification makes the History row Declined at once, with its reason; a status query confirming it keeps the reason', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange(TX, 'Pending', T0), lookupProfile);
    await ingestDelivery(db, makeDelivery(5, declined), lookupProfile);
    const declinedRow = await getTransaction(db, TX);
    expect(declinedRow?.statusKey).toBe('Declined');
    const shown = { code: '01.106.0004', message: 'Declined', meaning: DECLINED_EN };
    // No status query needed: the notification is the gateway's word, and it explains itself.
    expect(rowDeclineReason(declinedRow!)).toEqual(shown);
    // A later status query answers 000 with Declined: the reason the notification gave stays.
    await recordExchange(db, statusExchange(TX, 'Declined', T0 + 60_000), lookupProfile);
    expect(rowDeclineReason((await getTransaction(db, TX))!)).toEqual(shown);
  });

  it('an answer that declines at once (MB WAY alias unknown) keeps its reason through later 000 status answers', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange(TX, 'Pending', T0 - 1000), lookupProfile);
    await recordExchange(
      db,
      makeExchange({
        operation: 'mbwayPurchase',
        url: `http://127.0.0.1:1/api/v2/payments/${TX}/mbway-id/purchase`,
        transactionID: TX,
        paymentStatus: 'Declined',
        returnStatus: { statusCode: 'E0506', statusMsg: 'MB WAY alias does not exist' },
        classification: 'gateway-error',
        timings: { startedAt: new Date(T0).toISOString(), durationMs: 5, attempts: 1 },
      }),
      lookupProfile,
    );
    await recordExchange(db, statusExchange(TX, 'Declined', T0 + 1000), lookupProfile);
    expect(rowDeclineReason((await getTransaction(db, TX))!)).toEqual({
      code: 'E0506',
      message: 'MB WAY alias does not exist',
      meaning: expect.stringMatching(/^MB WAY: no MB WAY account exists for this phone number/),
    });
  });

  it('rows written before the field existed still read (no reason)', () => {
    const old = makeRow(2);
    delete (old as { declineReason?: unknown }).declineReason;
    expect(rowDeclineReason(old)).toBeNull();
  });

  it('the timeline shows the reason with its meaning on the step that gave it', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange(TX, 'Pending', T0), lookupProfile);
    await ingestDelivery(db, makeDelivery(5, declined), lookupProfile);
    const timeline = buildTimeline(await exchangesOf(db, TX), await notificationsOf(db, TX));
    expect(timeline.map((entry) => entry.reasonText)).toEqual([null, `01.106.0004 Declined — ${DECLINED_EN}`]);
  });

  it('says what the code means in European Portuguese under pt-PT, and back in English after switching', () => {
    const status = { statusCode: '01.106.0004', statusMsg: 'Declined' };
    setLocale('pt-PT');
    const reason = declineReasonOf(status)!;
    expect(reason.meaning).toBe(
      'MB WAY recusado (statusMsg "Declined"): o cliente recusou na aplicação ou o banco recusou. Nenhum valor foi cobrado.',
    );
    expect(formatDeclineReason(reason)).toMatch(/^01\.106\.0004 Declined — MB WAY recusado/);
    setLocale('en');
    expect(declineReasonOf(status)!.meaning).toBe(DECLINED_EN);
  });
});
