import { describe, expect, it } from 'vitest';
import {
  answerReport,
  compareReports,
  currentReport,
  deriveTransactionState,
  gatewayTime,
  notificationReport,
  type FollowUpFacts,
  type StatusReport,
} from '../../src-shared/transaction-state';

const T = Date.UTC(2026, 0, 1, 10, 0, 0);
const MIN = 60_000;

let ids = 0;
function report(status: string, overrides: Partial<StatusReport> = {}): StatusReport {
  ids += 1;
  return {
    status,
    statusCode: '000',
    source: 'answer',
    gatewayAt: null,
    observedAt: T + ids,
    id: `r-${String(ids).padStart(4, '0')}`,
    ...overrides,
  };
}

const OPEN_ORDER: FollowUpFacts = {
  transactionId: 's2abc',
  methods: ['REFERENCE', 'MBWAY'],
  referenceGenerated: false,
  mbwayRequested: false,
  actionPending: false,
  expiry: '2026-01-02T10:00:00Z',
};

/** Every order of the reports must give the same answer (History folds one by one, the card reads all). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('transaction state: one derivation for every view', () => {
  it('a later notification beats an earlier status answer, by gateway time, whatever order they arrived in', () => {
    const answer = report('Pending', { gatewayAt: T, observedAt: T + 10 * MIN });
    const notified = report('InProcessing', { source: 'notification', gatewayAt: T + MIN, observedAt: T + 2 * MIN });
    for (const order of permutations([answer, notified])) expect(currentReport(order)?.status).toBe('InProcessing');
  });

  it('a later status answer beats an earlier notification that arrived after it (late retry)', () => {
    const answer = report('InProcessing', { gatewayAt: T + 5 * MIN, observedAt: T + 5 * MIN });
    const lateRetry = report('Pending', { source: 'notification', gatewayAt: T, observedAt: T + 30 * MIN });
    for (const order of permutations([answer, lateRetry])) expect(currentReport(order)?.status).toBe('InProcessing');
  });

  it('a final status sticks: an open status reported later never reopens the payment', () => {
    const success = report('Success', { source: 'notification', gatewayAt: T + MIN });
    const stalePending = report('Pending', { gatewayAt: T + 9 * MIN });
    const state = deriveTransactionState([success, stalePending], OPEN_ORDER);
    expect(state).toMatchObject({ status: 'Success', final: true, source: 'notification' });
    expect(state.actions).toEqual({ reference: false, mbway: false, action: false, refresh: true, poll: false });
  });

  it('when two finals disagree the status query wins (source of truth) and the conflict is reported', () => {
    const notified = report('Success', { source: 'notification', gatewayAt: T + MIN });
    const queried = report('Declined', { gatewayAt: T + 2 * MIN });
    for (const order of permutations([notified, queried])) {
      const state = deriveTransactionState(order, OPEN_ORDER);
      expect([state.status, state.conflictingFinal]).toEqual(['Declined', 'Success']);
    }
  });

  it('among finals from one source the first one stands (finals never change)', () => {
    const first = report('Timeout', { gatewayAt: T + MIN });
    const second = report('Success', { gatewayAt: T + 2 * MIN });
    expect(currentReport([second, first])?.status).toBe('Timeout');
  });

  it('orders the same for every permutation of mixed reports (a total order)', () => {
    const reports = [
      report('Pending', { observedAt: T }),
      report('InProcessing', { source: 'notification', gatewayAt: T + MIN }),
      report('Pending', { gatewayAt: T + MIN }),
      report('Partial', { gatewayAt: null, observedAt: T + 3 * MIN }),
      report('Declined', { source: 'notification', gatewayAt: T + 4 * MIN }),
    ];
    const answers = new Set(permutations(reports).map((order) => currentReport(order)?.id));
    expect(answers.size).toBe(1);
    for (const a of reports)
      for (const b of reports) expect(Math.sign(compareReports(a, b)) + Math.sign(compareReports(b, a))).toBe(0);
  });

  it('nothing reported: not seen, or outcome unknown for a create that got no answer (no follow-up possible)', () => {
    expect(deriveTransactionState([], OPEN_ORDER)).toMatchObject({ status: null, statusKey: 'NotSeen', final: false });
    const unknown = deriveTransactionState([], { ...OPEN_ORDER, transactionId: null, outcomeUnknown: true });
    expect(unknown).toMatchObject({ status: null, statusKey: 'OutcomeUnknown', final: false });
    expect(unknown.actions).toEqual({ reference: false, mbway: false, action: false, refresh: false, poll: false });
  });

  it('allowed follow-ups: each money-moving one once, only for methods the order offers, none when final', () => {
    const pending = [report('Pending')];
    expect(deriveTransactionState(pending, OPEN_ORDER).actions).toEqual({
      reference: true,
      mbway: true,
      action: false,
      refresh: true,
      poll: true,
    });
    const done = { ...OPEN_ORDER, referenceGenerated: true, mbwayRequested: true, actionPending: true };
    expect(deriveTransactionState(pending, done).actions).toMatchObject({
      reference: false,
      mbway: false,
      action: true,
    });
    // Variant B spells MB WAY `MBWY`; an order that offers only cards gets neither follow-up.
    expect(deriveTransactionState(pending, { ...OPEN_ORDER, methods: ['MBWY'] }).actions).toMatchObject({
      reference: false,
      mbway: true,
    });
    expect(deriveTransactionState(pending, { ...OPEN_ORDER, methods: ['CARD'] }).actions).toMatchObject({
      reference: false,
      mbway: false,
    });
    expect(deriveTransactionState([report('Expired')], done).actions.action).toBe(false);
  });

  it('hostile or garbled statuses are shown as text, never final, and never outrank a documented final', () => {
    for (const status of ['__proto__', 'SUCCESS', '<img src=x onerror=alert(1)>', 'constructor', '\u001b[31mSuccess']) {
      const state = deriveTransactionState([report(status)], OPEN_ORDER);
      expect(state).toMatchObject({ status, statusKey: status, final: false });
      expect(state.actions.poll).toBe(true);
      const withFinal = deriveTransactionState(
        [report('Declined'), report(status, { gatewayAt: T + 60 * MIN })],
        OPEN_ORDER,
      );
      expect(withFinal.status).toBe('Declined');
    }
  });

  it('reads gateway times leniently (trailing space, no zone = UTC) and refuses garbage', () => {
    expect(gatewayTime('2026-01-01T10:00:00.000 ')).toBe(T);
    expect(gatewayTime('2026-01-01 10:00:00')).toBe(T);
    expect(gatewayTime('2026-01-01T11:00:00+01:00')).toBe(T);
    for (const bad of ['yesterday', '', '99999-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', 1767261600000, null, {}])
      expect(gatewayTime(bad)).toBeNull();
  });

  it('reads reports from a recorded answer and a stored notification; a body without a date falls back to receipt time', () => {
    const fromAnswer = answerReport({
      id: 'ex-1',
      paymentStatus: 'Pending',
      returnStatus: { statusCode: '000' },
      timings: { startedAt: new Date(T + MIN).toISOString() },
      response: { bodyText: JSON.stringify({ transactionDateTime: '2026-01-01T10:00:00Z' }) },
    });
    expect(fromAnswer).toEqual({
      status: 'Pending',
      statusCode: '000',
      source: 'answer',
      gatewayAt: T,
      observedAt: T + MIN,
      id: 'ex-1',
    });
    const garbled = answerReport({
      id: 'ex-2',
      paymentStatus: 'Pending',
      returnStatus: null,
      timings: { startedAt: 'not a date' },
      response: { bodyText: '<html>not json' },
    });
    expect(garbled).toMatchObject({ gatewayAt: null, observedAt: 0, statusCode: null });
    expect(
      answerReport({ id: 'ex-3', paymentStatus: null, returnStatus: null, timings: { startedAt: '' } }),
    ).toBeNull();

    const fromNotification = notificationReport({
      id: 'delivery-1',
      paymentStatus: 'Success',
      receivedAt: T + 2 * MIN,
      payload: { returnStatus: { statusCode: 200 }, transactionDateTime: '2026-01-01T10:01:00 ' },
    });
    expect(fromNotification).toMatchObject({ source: 'notification', gatewayAt: T + MIN, statusCode: '200' });
    // A payload whose own key is `transactionDateTime` only through the prototype is not a date.
    const sneaky = JSON.parse('{"__proto__": {"transactionDateTime": "2026-01-01T10:00:00Z"}}') as unknown;
    expect(
      notificationReport({ id: 'd', paymentStatus: 'Pending', receivedAt: 5, payload: sneaky })?.gatewayAt,
    ).toBeNull();
  });
});
