import { describe, expect, it } from 'vitest';
import type { StepResult } from '@shared/contract/qa';
import type { Exchange } from '@shared/exchange';
import { transactionOf } from '../../../src-main/qa/scenario-runner';

const TX = 's2qa00000000000000001';

function exchange(id: string, operation: Exchange['operation'], paymentStatus: string | null, at: string): Exchange {
  return {
    id,
    profileId: 'sandbox-a',
    operation,
    method: 'POST',
    url: `http://127.0.0.1:1/api/v2/payments/${TX}`,
    request: { headers: {}, body: null },
    response: { status: 200, headers: {}, bodyText: JSON.stringify({ paymentStatus }) },
    timings: { startedAt: at, durationMs: 3, attempts: 1 },
    size: { requestBytes: 0, responseBytes: 0 },
    classification: 'ok',
    summary: 'HTTP 200, statusCode 000',
    suggestedAction: null,
    returnStatus: { statusCode: '000' },
    paymentStatus,
    conformanceNotes: [],
    transactionID: TX,
    merchantTransactionId: 'qa-1',
  };
}

function step(index: number, exchanges: Exchange[], notifications: StepResult['notifications'] = []): StepResult {
  return {
    index,
    name: `step ${index}`,
    kind: 'call',
    line: index + 1,
    status: 'passed',
    message: null,
    checks: [],
    exchanges,
    notifications,
    note: null,
    startedAt: '2026-01-01T10:00:00.000Z',
    durationMs: 5,
  };
}

describe("a scenario report's transaction state is the shared derivation's", () => {
  it('a notification the steps waited for decides the status over the earlier Pending answer', () => {
    const steps = [
      step(0, [exchange('ex-1', 'createOrder', 'Pending', '2026-01-01T10:00:00.000Z')]),
      step(1, [exchange('ex-2', 'mbwayPurchase', 'Pending', '2026-01-01T10:00:01.000Z')]),
      step(
        2,
        [],
        [
          {
            seq: 1,
            notificationId: 'n-1',
            transactionId: TX,
            paymentStatus: 'Success',
            duplicate: false,
            receivedAt: '2026-01-01T10:00:05.000Z',
          },
        ],
      ),
    ];
    expect(transactionOf(steps)).toMatchObject({ transactionID: TX, paymentStatus: 'Success' });
  });

  it('a final answer is not reopened by a later open one', () => {
    const steps = [
      step(0, [exchange('ex-1', 'getStatus', 'Declined', '2026-01-01T10:00:00.000Z')]),
      step(1, [exchange('ex-2', 'getStatus', 'Pending', '2026-01-01T10:00:09.000Z')]),
    ];
    expect(transactionOf(steps)?.paymentStatus).toBe('Declined');
  });
});
