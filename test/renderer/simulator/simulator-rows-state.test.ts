/**
 * Issue 26 §2: the Simulator screen's rows read final-ness and the shopper's moves from the one shared
 * derivation (src-shared/transaction-state.ts), like History and the Orders card — not from a flag of
 * their own. The simulator (main) stays the source of each row's facts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import type { SimulatorTransaction } from '@shared/contract/simulator';
import { deriveTransactionState, answerReport } from '@shared/transaction-state';
import SimulatorTransactions from '../../../src-renderer/src/features/simulator/SimulatorTransactions.vue';
import { simulatorRowState } from '../../../src-renderer/src/features/simulator/simulator-view';
import { mountInApp } from '../followups/mount';

const row = (overrides: Partial<SimulatorTransaction>): SimulatorTransaction => ({
  transactionID: 's2ROW000000000000001',
  terminalId: '52001',
  variant: 'A',
  merchantTransactionId: 'order-1',
  amount: { value: 10, currency: 'EUR' },
  paymentType: 'PURS',
  paymentMethod: 'REFERENCE',
  paymentMethodList: ['REFERENCE', 'MBWAY'],
  paymentStatus: 'Pending',
  final: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiry: '2026-01-01T01:00:00.000Z',
  history: [
    {
      at: '2026-01-01T00:00:00.000Z',
      from: null,
      to: 'Pending',
      reason: 'created',
      statusCode: '000',
      statusMsg: 'Success',
    },
  ],
  actionPending: false,
  statusQueries: 0,
  ...overrides,
});

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

const mountRows = (transactions: SimulatorTransaction[]) =>
  (wrapper = mountInApp(SimulatorTransactions, {
    transactions,
    now: '2026-01-01T00:10:00.000Z',
    busy: null,
    outcome: null,
  }));
const completeButton = (id: string) =>
  wrapper!
    .find(`tr[data-transaction="${id}"]`)
    .findAll('button')
    .find((b) => b.text().includes('Complete'))!;

describe('Simulator rows use the shared derivation', () => {
  it('issue 26 §2 defect: Simulator rows used their own row.final rule — an open status is never shown final, a final one always is', () => {
    // The flags disagree with the statuses (a simulator of another version, a stale table): what the
    // screen shows must follow the status through the shared derivation, as History would.
    mountRows([
      row({ transactionID: 's2OPEN', paymentStatus: 'Pending', final: true }),
      row({ transactionID: 's2DONE', paymentStatus: 'Success', final: false }),
    ]);
    expect(completeButton('s2OPEN').attributes('disabled')).toBeUndefined();
    expect(wrapper!.find('tr[data-transaction="s2OPEN"] select').text()).toContain('Success');
    expect(wrapper!.find('tr[data-transaction="s2OPEN"]').text()).toContain('in 50 min');

    expect(completeButton('s2DONE').attributes('disabled')).toBeDefined();
    expect(wrapper!.find('tr[data-transaction="s2DONE"] select').text()).toBe('Final');
    expect(wrapper!.find('tr[data-transaction="s2DONE"]').text()).not.toContain('in 50 min');
  });

  it('a row’s state is what History derives from the same status answer', () => {
    for (const paymentStatus of ['Pending', 'Partial', 'InProcessing', 'Success', 'Declined', 'Expired'] as const) {
      const simulated = row({ paymentStatus });
      const history = deriveTransactionState(
        [
          answerReport({
            id: 'x',
            paymentStatus,
            returnStatus: { statusCode: '000' },
            timings: { startedAt: simulated.createdAt },
          })!,
        ],
        {
          transactionId: simulated.transactionID,
          methods: simulated.paymentMethodList,
          referenceGenerated: false,
          mbwayRequested: false,
          actionPending: false,
          expiry: simulated.expiry,
        },
      );
      const state = simulatorRowState(simulated);
      expect({ status: state.status, final: state.final, actions: state.actions }).toEqual({
        status: history.status,
        final: history.final,
        actions: history.actions,
      });
    }
  });
});
