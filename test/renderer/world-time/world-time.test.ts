/**
 * Issue 26 §4, "time is the world's time": every countdown, "expires in", "as of", stale marker and
 * diagram time is on the transaction's gateway clock (main records its offset on each Exchange from the
 * answer's Date header), and says so next to the time when that clock is not real time.
 */
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { diagramMessages, type DiagramExchange } from '../../../src-renderer/src/services/sequence-diagram';
import { formatClockOffset, latestClockOffset, worldTimeLabel } from '../../../src-renderer/src/composables/world-time';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { useCountdown } from '../../../src-renderer/src/composables/countdown';
import { retryAfterMs } from '../../../src-renderer/src/services/status-query';
import { runBulkLookup } from '../../../src-renderer/src/services/bulk-lookup';
import { isStale } from '../../../src-renderer/src/services/staleness';
import { loadTransactionCase } from '../../../src-renderer/src/composables/transaction-case';
import { setLocale } from '../../../src-renderer/src/i18n';
import { useGatewayClocksStore } from '../../../src-renderer/src/stores/gateway-clocks';
import { freshDb, makeExchange, statusExchange } from '../db/fixtures';
import { buildTimeline } from '../../../src-renderer/src/composables/timeline';
import { exchangesOf } from '../../../src-renderer/src/db/exchange-query';
import type { NotificationRecord } from '../../../src-renderer/src/db/records';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ROOT = 'http://127.0.0.1:1/api/v2';

afterEach(() => {
  setLocale('en');
  vi.useRealTimers();
});

describe('the label next to a time on a moved clock', () => {
  it('reads "Sandbox time, +1 h 18 min" in English and European Portuguese; nothing on real time', () => {
    expect(worldTimeLabel(78 * MINUTE, 'sandbox')).toBe('Sandbox time, +1 h 18 min');
    expect(worldTimeLabel(21 * 24 * HOUR, 'sandbox')).toBe('Sandbox time, +21 d');
    expect(worldTimeLabel(-2 * MINUTE, 'gateway')).toBe('Gateway time, −2 min');
    setLocale('pt-PT');
    expect(worldTimeLabel(78 * MINUTE, 'sandbox')).toBe('Hora da Sandbox, +1 h 18 min');
    expect(worldTimeLabel(HOUR, 'gateway')).toBe('Hora do gateway, +1 h');
    for (const none of [0, null, undefined, NaN, Infinity]) expect(worldTimeLabel(none, 'sandbox')).toBeNull();
  });

  it('rounds past a minute, so a +1 h move read one second short (Date has 1 s resolution) still says +1 h', () => {
    expect(formatClockOffset(HOUR - 1_000)).toBe('+1 h');
    expect(formatClockOffset(30_000)).toBe('+30 s');
  });
});

describe('which offset applies', () => {
  const at = (iso: string, offset: number | undefined, url = `${ROOT}/payments/s2abc/status`) =>
    makeExchange({
      url,
      timings: { startedAt: iso, durationMs: 10, attempts: 1 },
      ...(offset === undefined ? {} : { gatewayClockOffsetMs: offset }),
    });

  it("is the transaction's latest answer that stated one (a reset Sandbox's 0 replaces an older +1 h)", () => {
    const latest = latestClockOffset([
      at('2026-11-25T10:00:00Z', HOUR),
      at('2026-11-25T10:05:00Z', 0),
      at('2026-11-25T10:06:00Z', undefined),
    ]);
    expect(latest).toMatchObject({ offsetMs: 0, apiRoot: ROOT });
    expect(latestClockOffset([at('2026-11-25T10:00:00Z', undefined)])).toBeNull();
  });

  it('is the newer of the transaction’s own and what was learnt since for its gateway (per world)', () => {
    setActivePinia(createPinia());
    const clocks = useGatewayClocksStore();
    const created = at('2026-11-25T10:00:00Z', 0, `${ROOT}/payments`);
    expect(clocks.offsetFor([created])).toBe(0);
    // The Sandbox clock moved; a status query for another order learns it.
    clocks.learn(at('2026-11-25T10:10:00Z', HOUR));
    expect(clocks.offsetFor([created])).toBe(HOUR);
    // Another world (another base URL path) has its own clock.
    clocks.learn(at('2026-11-25T10:20:00Z', 21 * 24 * HOUR, 'http://127.0.0.1:1/worlds/demo/api/v2/payments'));
    expect(clocks.offsetFor([created])).toBe(HOUR);
    // An older observation never overwrites a newer one.
    clocks.learn(at('2026-11-25T09:00:00Z', 0));
    expect(clocks.offsetFor([created])).toBe(HOUR);
  });
});

describe('countdown uses the wall clock while the expiry is in Sandbox time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 25, 10, 0, 0));
  });

  function countdown(expiry: string, offsetMs: number | null) {
    let label: { readonly value: string | null } = { value: null };
    const Probe = defineComponent({
      setup() {
        const result = useCountdown(ref(expiry), ref(false), ref(offsetMs));
        label = result.label;
        return () => h('span', result.label.value ?? '');
      },
    });
    const wrapper = mount(Probe);
    return { wrapper, label: () => label.value };
  }

  it('counts to a Sandbox expiry on the Sandbox clock: created at +1 h with 30 min to pay, it shows 30:00, not 1 h 30:00', () => {
    // The simulator's clock is 1 h ahead: an order created now expires at Sandbox now + 30 min.
    const expiry = new Date(Date.now() + HOUR + 30 * MINUTE).toISOString();
    const { wrapper, label } = countdown(expiry, HOUR);
    expect(label()).toBe('30:00');
    vi.advanceTimersByTime(61_000);
    expect(label()).toBe('28:59');
    wrapper.unmount();
    const onWallClock = countdown(expiry, null);
    expect(onWallClock.label()).toBe('1 h 28:59');
    onWallClock.wrapper.unmount();
  });

  it('says expired when the Sandbox clock passed the expiry, though the wall clock has not', () => {
    const expiry = new Date(Date.now() + 20 * MINUTE).toISOString();
    const { wrapper, label } = countdown(expiry, HOUR);
    expect(label()).toBe('expired');
    wrapper.unmount();
  });
});

describe('"as of" and stale markers on the gateway clock', () => {
  const db = freshDb();
  afterAll(() => db.close());
  const profiles = () => ({ id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' as const });

  it('a support case says "as of" in Sandbox time, and a status asked before the clock moved +1 h is stale', async () => {
    const asked = Date.UTC(2026, 10, 25, 10, 0, 0);
    const answer: Exchange = { ...statusExchange('s2WorldCase000000001', 'Pending', asked), gatewayClockOffsetMs: 0 };
    await recordExchange(db, answer, profiles);
    const item = (await loadTransactionCase(db, 's2WorldCase000000001'))!;
    expect(item.statusClockOffsetMs).toBe(0);
    const askedAgain: Exchange = {
      ...statusExchange('s2WorldCase000000002', 'Pending', asked),
      gatewayClockOffsetMs: HOUR,
    };
    await recordExchange(db, askedAgain, profiles);
    const moved = (await loadTransactionCase(db, 's2WorldCase000000002'))!;
    expect(moved.statusAsOf).toBe(asked + HOUR);
    expect(moved.statusClockOffsetMs).toBe(HOUR);

    // Five minutes later on the wall clock: fresh on a 15-minute threshold while the clock stands still…
    setActivePinia(createPinia());
    const clocks = useGatewayClocksStore();
    const localNow = asked + 5 * MINUTE;
    const gatewayNow = (clock: typeof item.clock) => localNow + (clocks.offsetAt(clock?.apiRoot ?? null, clock) ?? 0);
    expect(isStale('Pending', item.statusAsOf, 15, gatewayNow(item.clock))).toBe(false);
    // …stale once the Sandbox clock is known to have moved +1 h since (a Pending may have expired).
    clocks.learnOffset(item.clock!.apiRoot, HOUR, asked + MINUTE);
    expect(isStale('Pending', item.statusAsOf, 15, gatewayNow(item.clock))).toBe(true);
  });

  it('a bulk lookup row is "as of" the gateway time of its answer', async () => {
    const arrived = new Date(Date.UTC(2026, 10, 25, 11, 0, 0));
    const rows: { asOf: string | null; clock: { offsetMs: number } | null }[] = [];
    const api = {
      'payments.status': async ({ transactionId }: { transactionId: string }) => ({
        ok: true as const,
        value: {
          exchange: {
            ...statusExchange(transactionId, 'Pending', arrived.getTime()),
            gatewayClockOffsetMs: 78 * MINUTE,
          },
          response: { transactionID: transactionId, paymentStatus: 'Pending', returnStatus: { statusCode: '000' } },
        },
      }),
    } as unknown as Pick<ConsoleApi, 'payments.status'>;
    await runBulkLookup(['s2BulkWorld000000001'], {
      api,
      db,
      profiles,
      profileId: 'sandbox',
      concurrency: 1,
      onRow: (row) => rows.push(row),
      onProgress: () => {},
      now: () => arrived,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.asOf).toBe(new Date(arrived.getTime() + 78 * MINUTE).toISOString());
    expect(rows[0]!.clock?.offsetMs).toBe(78 * MINUTE);
  });
});

describe('Retry-After as an HTTP date', () => {
  it('is measured from the gateway’s now: a Sandbox moved +1 h asking to wait 2 s means 2 s, not 1 h 2 s', () => {
    const now = Date.UTC(2026, 10, 25, 10, 0, 0);
    const answer = makeExchange({
      response: {
        status: 429,
        headers: { 'retry-after': new Date(now + HOUR + 2_000).toUTCString() },
        bodyText: '{}',
      },
      gatewayClockOffsetMs: HOUR,
    });
    expect(retryAfterMs(answer, now)).toBe(2_000);
  });
});

describe('sequence diagram times on the gateway clock', () => {
  const words = {
    participant: { shop: 'Shop', gateway: 'Gateway', shopper: 'Shopper', receiver: 'Receiver' },
    operation: {
      createOrder: 'Create',
      generateReference: 'Reference',
      mbwayPurchase: 'MB WAY',
      getStatus: 'Status',
      performAction: 'Action',
    },
    shopperAnswers: (_method: string | null, status: string) => `answers ${status}`,
    notification: (status: string) => `notify ${status}`,
    acknowledged: 'ack',
    noAnswer: 'none',
    showReference: 'shows reference',
    mbwayOnPhone: 'on phone',
  };
  const local = Date.UTC(2026, 10, 25, 10, 0, 0);
  const call = (operation: DiagramExchange['operation'], after: number, clockOffsetMs?: number): DiagramExchange => ({
    id: `${operation}-${after}`,
    operation,
    method: 'POST',
    url: `${ROOT}/payments`,
    startedAtMs: local + after,
    durationMs: 20,
    httpStatus: 200,
    statusCode: '000',
    paymentStatus: 'Pending',
    summary: '',
    ...(clockOffsetMs === undefined ? {} : { clockOffsetMs }),
  });

  it('shows a call to a Sandbox moved +1 h at its Sandbox time, and its notification on the same timeline', () => {
    const messages = diagramMessages(
      [call('createOrder', 0, HOUR), call('getStatus', 5_000, HOUR)],
      [{ id: 'n1', receivedAt: local + 2_000, paymentStatus: 'Success', paymentMethod: 'CARD', duplicate: false }],
      words,
    );
    expect(messages[0]).toMatchObject({ at: local + HOUR, text: expect.stringContaining('Create') });
    // Received between the two calls on the wall clock: still between them on the gateway's.
    expect(messages.map((m) => m.text.split(':')[0])).toEqual([
      'Create',
      'HTTP 200 · 000 · Pending',
      'notify Success',
      'ack',
      'Status',
      'HTTP 200 · 000 · Pending',
    ]);
    expect(messages.find((m) => m.text === 'notify Success')!.at).toBe(local + 2_000 + HOUR);
  });
  it('keeps calls in the order they were made when their Date headers read offsets a second apart', () => {
    // One world moved +30 s: the create's header read +30 s, the action's 400 ms later read +29 s
    // (written late in its second, answered slowly). Each by its own offset, the action came first.
    const messages = diagramMessages(
      [call('createOrder', 0, 30_000), call('performAction', 400, 29_000), call('getStatus', 60_000, HOUR)],
      [],
      words,
    );
    expect(messages.map((m) => m.text.split(':')[0])).toEqual([
      'Create',
      'HTTP 200 · 000 · Pending',
      'Action',
      'HTTP 200 · 000 · Pending',
      'Status',
      'HTTP 200 · 000 · Pending',
    ]);
    expect(messages[0]!.at).toBe(local + 30_000);
    expect(messages[2]!.at).toBe(local + 400 + 30_000);
    // A difference past the header's second is the clock moved: the status call is at the new time.
    expect(messages[4]!.at).toBe(local + 60_000 + HOUR);
  });
  it('draws a call whose recorded offset is not a number on the clock in force, not before the create', () => {
    // A damaged or hostile record (NaN, Infinity) states no clock: read as 0 it moved the clock back 30 s.
    for (const damaged of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const messages = diagramMessages([call('createOrder', 0, 30_000), call('getStatus', 400, damaged)], [], words);
      expect(messages.map((m) => m.text.split(':')[0])).toEqual([
        'Create',
        'HTTP 200 · 000 · Pending',
        'Status',
        'HTTP 200 · 000 · Pending',
      ]);
      expect(messages[2]!.at).toBe(local + 400 + 30_000);
    }
  });
});

describe('transaction timeline times on the gateway clock', () => {
  const local = Date.UTC(2026, 10, 25, 9, 0, 0);
  const profiles = () => ({ id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' as const });
  /** Records each status call (answered status, local start, offset its Date header read) and builds the timeline. */
  async function timelineOf(
    tx: string,
    calls: ReadonlyArray<[status: string, startedAtMs: number, offsetMs: number]>,
    notificationsReceivedAt: readonly number[],
  ) {
    const db = await freshDb();
    for (const [status, startedAtMs, offsetMs] of calls)
      await recordExchange(
        db,
        { ...statusExchange(tx, status, startedAtMs), gatewayClockOffsetMs: offsetMs },
        profiles,
      );
    const notifications = notificationsReceivedAt.map(
      (receivedAt, index) =>
        ({
          id: `n-${index}`,
          transactionId: tx,
          receivedAt,
          paymentStatus: 'Success',
        }) as unknown as NotificationRecord,
    );
    return buildTimeline(await exchangesOf(db, tx), notifications);
  }

  it('a transaction of a Sandbox moved +1 h lists its calls and notifications at Sandbox time, in order', async () => {
    const timeline = await timelineOf('s2WorldTimeline00001', [['Pending', local, HOUR]], [local + 30_000]);
    expect(timeline.map((entry) => entry.at)).toEqual([local + HOUR, local + 30_000 + HOUR]);
    expect(timeline.map((entry) => entry.kind)).toEqual(['exchange', 'notification']);
  });
  it('lists calls in the order they were made when their Date headers read offsets a second apart', async () => {
    const timeline = await timelineOf(
      's2WorldTimeline00002',
      [
        ['Pending', local, 30_000],
        ['Success', local + 400, 29_000],
      ],
      [],
    );
    expect(timeline.map((entry) => entry.paymentStatus)).toEqual(['Pending', 'Success']);
    expect(timeline.map((entry) => entry.at)).toEqual([local + 30_000, local + 400 + 30_000]);
  });
  it('lists a notification between the calls it came between, when their headers read offsets a second apart', async () => {
    // World moved +30 s. The status asked 400 ms after the create read +29 s; the notification came 300 ms
    // after the create. Placed by the latest offset (+29 s) it listed before the create it followed.
    const timeline = await timelineOf(
      's2WorldTimeline00003',
      [
        ['Pending', local, 30_000],
        ['Success', local + 400, 29_000],
      ],
      [local + 300],
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(['exchange', 'notification', 'exchange']);
    expect(timeline[1]!.at).toBe(local + 300 + 30_000);
  });
  it('places a notification by the clock in force when it came, not by a later move of the clock', async () => {
    // The notification came 2 s after the create; the tester then moved the world +1 h and asked the status.
    const timeline = await timelineOf(
      's2WorldTimeline00004',
      [
        ['Pending', local, 0],
        ['Success', local + 60_000, HOUR],
      ],
      [local + 2_000],
    );
    expect(timeline.map((entry) => entry.at)).toEqual([local, local + 2_000, local + 60_000 + HOUR]);
  });
});
