import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import TransactionFollowUps from '../../../src-renderer/src/features/followups/TransactionFollowUps.vue';
import { useHistoryRecorderStore } from '../../../src-renderer/src/stores/history-recorder';
import { fakeApi, mountInApp, okCall } from './mount';

let api: ConsoleApi & { emit(event: string, payload: unknown): void };
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const TX = 's2abcdefghijklmnopqr';
const base = { transactionId: TX, profileId: 'sandbox-a' };

const statusAnswer = (paymentStatus: string) =>
  okCall(
    { operation: 'getStatus', paymentStatus, transactionID: TX },
    { returnStatus: { statusCode: '000', statusMsg: 'Success' }, transactionID: TX, paymentStatus },
  );

/** Lets IndexedDB (fake-indexeddb answers on macrotasks) and the card's reads finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function button(wrapper: VueWrapper, name: string) {
  const found = wrapper.findAll('button').find((b) => b.text().includes(name));
  if (!found)
    throw new Error(
      `No button "${name}" in: ${wrapper
        .findAll('button')
        .map((b) => b.text())
        .join(' | ')}`,
    );
  return found;
}

describe('TransactionFollowUps', () => {
  let wrapper: VueWrapper | undefined;
  beforeEach(async () => {
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
  });
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
    vi.useRealTimers();
  });

  it('generates a Multibanco reference and shows entity, reference, amount and expiry copy-ready', async () => {
    const generate = vi.fn(async () =>
      okCall(
        { operation: 'generateReference', paymentStatus: 'Pending', transactionID: TX },
        {
          returnStatus: { statusCode: '000', statusMsg: 'Success' },
          paymentStatus: 'Pending',
          paymentMethod: 'REFERENCE',
          amount: { value: '12.50', currency: 'EUR' },
          paymentReference: {
            reference: '123456789',
            entity: '21098',
            amount: { value: 12.5, currency: 'EUR' },
            status: 'UNPAID',
            expireDate: '2026-01-03T00:00:00.000Z',
          },
        },
      ),
    );
    api = fakeApi({ 'payments.generateReference': generate });
    wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['REFERENCE', 'MBWAY'] });
    await settle();
    await button(wrapper, 'Generate Multibanco reference').trigger('click');
    await settle();

    expect(generate).toHaveBeenCalledWith({ profileId: 'sandbox-a', transactionId: TX });
    expect(wrapper.get('[data-testid="mb-entity"]').text()).toBe('21098');
    expect(wrapper.get('[data-testid="mb-reference"]').text()).toBe('123 456 789');
    expect(wrapper.get('[data-testid="mb-amount"]').text()).toBe('12.50 EUR');
    expect(wrapper.get('[data-testid="mb-expiry"]').text()).not.toBe('not reported');
    expect(wrapper.find('[aria-label="Copy reference"]').exists()).toBe(true);
    expect(wrapper.find('[aria-label="Copy payment details for the shopper"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="status-meaning"]').text()).toMatch(/^Not final: Waiting for the shopper/);
  });

  it('sends the MB WAY phone as typed (main normalises national and international forms)', async () => {
    const purchase = vi.fn(async () =>
      okCall(
        { operation: 'mbwayPurchase', paymentStatus: 'Pending', transactionID: TX },
        { returnStatus: { statusCode: '000' }, paymentStatus: 'Pending' },
      ),
    );
    api = fakeApi({ 'payments.mbwayPurchase': purchase });
    wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['MBWAY'] });
    await settle();
    expect(wrapper.text()).not.toContain('Generate Multibanco reference');
    await wrapper.get('input[aria-label="MB WAY phone"]').setValue('+351 912 345 678');
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(purchase).toHaveBeenCalledWith({ profileId: 'sandbox-a', transactionId: TX, phone: '+351 912 345 678' });
    expect(wrapper.get('.payment-status').text()).toContain('Pending');
  });

  it('shows the classification and the suggested action when the gateway refuses', async () => {
    api = fakeApi({
      'payments.status': async () => ({
        ok: true,
        value: {
          exchange: {
            ...(await statusAnswer('Pending')).value.exchange,
            classification: 'http-error',
            paymentStatus: null,
            returnStatus: null,
            summary: 'HTTP 401 Unauthorized',
            suggestedAction: 'Check the credentials in the back office and create a new token if needed',
            response: { status: 401, headers: {}, bodyText: '{}' },
          },
          response: {},
        },
      }),
    } as never);
    wrapper = mountInApp(TransactionFollowUps, base);
    await settle();
    await button(wrapper, 'Refresh status').trigger('click');
    await settle();
    const alert = wrapper.get('[role="alert"]');
    expect(alert.text()).toContain('Classification: http-error');
    expect(alert.text()).toContain(
      'Suggested action: Check the credentials in the back office and create a new token if needed',
    );
  });

  it('an MB WAY request whose outcome is unknown says not to resend and offers the status query in one click', async () => {
    const purchase = vi.fn(async () => ({
      ok: true as const,
      value: {
        exchange: {
          ...(await statusAnswer('Pending')).value.exchange,
          operation: 'mbwayPurchase' as const,
          classification: 'outcome-unknown' as const,
          paymentStatus: null,
          returnStatus: null,
          summary: 'HTTP 502 Bad Gateway: the gateway may have processed the request',
          suggestedAction:
            'Query the status before doing anything; do not resend: the gateway may already have processed the request.',
          response: { status: 502, headers: {}, bodyText: '' },
        },
        response: null,
      },
    }));
    const status = vi.fn(async () => statusAnswer('Pending'));
    api = fakeApi({ 'payments.mbwayPurchase': purchase, 'payments.status': status } as never);
    wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['MBWAY'] });
    await flushPromises();
    status.mockClear();
    await wrapper.get('input[aria-label="MB WAY phone"]').setValue('912345678');
    await wrapper.get('form').trigger('submit');
    await settle();
    const alert = wrapper.get('[role="alert"]');
    expect(alert.text()).toContain('Classification: outcome-unknown');
    expect(alert.text()).toContain('do not resend');
    await button(wrapper, 'Query the status now').trigger('click');
    await settle();
    expect(status).toHaveBeenCalledTimes(1);
    expect(purchase).toHaveBeenCalledTimes(1);
  });

  it('refreshes the status on Ctrl+R without reloading the page', async () => {
    const status = vi.fn(async () => statusAnswer('InProcessing'));
    api = fakeApi({ 'payments.status': status });
    wrapper = mountInApp(TransactionFollowUps, base);
    await settle();
    const event = new KeyboardEvent('keydown', { key: 'r', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    await settle();
    expect(status).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(wrapper.get('.payment-status').text()).toContain('In processing');
  });

  it('reads expiry, methods and actionResponse from the recorded create exchange when not given', async () => {
    const status = vi.fn(async () => statusAnswer('Partial'));
    api = fakeApi({ 'payments.status': status });
    const created = okCall(
      {
        operation: 'createOrder',
        method: 'POST',
        transactionID: TX,
        request: { headers: {}, body: '{"transaction":{"amount":{"value":7}}}' },
      },
      {
        returnStatus: { statusCode: '000' },
        transactionID: TX,
        paymentMethodList: ['CARD'],
        expiry: '2030-01-01T00:00:00Z',
        actionResponse: { data: { url: 'http://127.0.0.1:9/x/action', params: [] } },
      },
    ).value.exchange;
    await recordExchange(useHistoryDb(), created, () => undefined);
    wrapper = mountInApp(TransactionFollowUps, base);
    await settle();
    expect(wrapper.text()).toContain('Perform action step');
    expect(wrapper.text()).not.toContain('Generate Multibanco reference');
    expect(wrapper.text()).not.toContain('MB WAY phone');

    await button(wrapper, 'Refresh status').trigger('click');
    await settle();
    expect(wrapper.findAll('[data-kind="status"]')).toHaveLength(1);
  });

  it('turns the payment actions off once the status is final', async () => {
    api = fakeApi({ 'payments.status': async () => statusAnswer('Expired') });
    wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['REFERENCE', 'MBWAY'] });
    await settle();
    expect(button(wrapper, 'Generate Multibanco reference').attributes('disabled')).toBeUndefined();
    await button(wrapper, 'Refresh status').trigger('click');
    await settle();
    expect(button(wrapper, 'Generate Multibanco reference').attributes('disabled')).toBeDefined();
    expect(button(wrapper, 'Poll until final').attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('Expired is final');
    expect(button(wrapper, 'Refresh status').attributes('disabled')).toBeUndefined();
  });

  it('counts the same answer on one row instead of repeating it', async () => {
    const answers = ['Pending', 'Pending', 'Pending', 'Success'];
    api = fakeApi({ 'payments.status': async () => statusAnswer(answers.shift()!) });
    wrapper = mountInApp(TransactionFollowUps, base);
    await settle();
    for (let i = 0; i < 4; i++) {
      await button(wrapper, 'Refresh status').trigger('click');
      await settle();
    }
    const rows = wrapper.findAll('[data-kind="status"]');
    expect(rows.map((row) => row.get('.payment-status').text())).toEqual(['Success · final', 'Pending']);
    expect(rows[1]!.text()).toContain('×3');
  });

  describe('polling', () => {
    beforeEach(() => {
      // setImmediate stays real: fake-indexeddb answers on it.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
    });

    it('polls until final with visible progress, then stops', async () => {
      const answers = ['Pending', 'Pending', 'Success'];
      const status = vi.fn(async () => statusAnswer(answers.shift() ?? 'Success'));
      api = fakeApi({ 'payments.status': status });
      wrapper = mountInApp(TransactionFollowUps, { ...base, expiry: '2026-01-01T12:30:00.000Z' });
      await settle();
      await button(wrapper, 'Poll until final').trigger('click');
      await settle();
      expect(wrapper.get('[data-testid="poll-progress"]').text()).toMatch(/Check 1 of up to \d+ done · next in 2 s/);
      expect(wrapper.findAll('[aria-label="Poll schedule"] li').length).toBeGreaterThan(2);
      expect(button(wrapper, 'Cancel polling').exists()).toBe(true);

      for (let second = 0; second < 6; second++) {
        await vi.advanceTimersByTimeAsync(1_000);
        await settle();
      }
      expect(status).toHaveBeenCalledTimes(3);
      expect(wrapper.get('[data-testid="poll-progress"]').text()).toBe('Stopped: Success is a final status.');
      expect(button(wrapper, 'Poll until final').attributes('disabled')).toBeDefined();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(status).toHaveBeenCalledTimes(3);
    });

    it('is cancellable', async () => {
      const status = vi.fn(async () => statusAnswer('Pending'));
      api = fakeApi({ 'payments.status': status });
      wrapper = mountInApp(TransactionFollowUps, base);
      await settle();
      await button(wrapper, 'Poll until final').trigger('click');
      await settle();
      await button(wrapper, 'Cancel polling').trigger('click');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(status).toHaveBeenCalledTimes(1);
      expect(wrapper.get('[data-testid="poll-progress"]').text()).toBe('Cancelled after 1 check.');
    });
  });

  it('performs the actionResponse step with its url and params', async () => {
    const perform = vi.fn(async () =>
      okCall(
        { operation: 'performAction', paymentStatus: 'Success', transactionID: TX },
        { returnStatus: { statusCode: '000' }, paymentStatus: 'Success' },
      ),
    );
    api = fakeApi({ 'payments.performAction': perform });
    wrapper = mountInApp(TransactionFollowUps, {
      ...base,
      actionResponse: {
        type: 'REDIRECT',
        data: { url: 'http://127.0.0.1:9/api/v2/payments/x/action', params: [{ name: 'actionToken', value: 't0k' }] },
      },
    });
    await settle();
    await button(wrapper, 'Perform action step').trigger('click');
    await settle();
    expect(perform).toHaveBeenCalledWith({
      profileId: 'sandbox-a',
      transactionId: TX,
      url: 'http://127.0.0.1:9/api/v2/payments/x/action',
      params: [{ name: 'actionToken', value: 't0k' }],
    });
    expect(wrapper.text()).not.toContain('Perform action step');
    expect(wrapper.get('.payment-status').text()).toContain('Success');
  });

  it('on a production profile, sends money-moving calls only with the typed confirmation', async () => {
    const generate = vi.fn(async () => statusAnswer('Pending'));
    api = fakeApi({
      'profiles.get': async () => ({ ok: true, value: { id: 'live', name: 'Live shop', environment: 'production' } }),
      'payments.generateReference': generate,
    } as never);
    wrapper = mountInApp(TransactionFollowUps, { ...base, profileId: 'live', amount: 12.5, methods: ['REFERENCE'] });
    await settle();
    expect(button(wrapper, 'Generate Multibanco reference').attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('Type the profile name "Live shop"');
    await wrapper.get('input[aria-label="Confirm profile name (production)"]').setValue('Live shop');
    await button(wrapper, 'Generate Multibanco reference').trigger('click');
    await settle();
    expect(generate).toHaveBeenCalledWith({
      profileId: 'live',
      transactionId: TX,
      confirmation: { profileName: 'Live shop', amount: 12.5 },
    });
  });

  describe('the card comes from history, not from the component', () => {
    /** What a user sees of the card: its text and which buttons can be pressed. */
    const snapshot = (w: VueWrapper) => ({
      text: w.get('[aria-label="Follow-ups"]').text(),
      buttons: w.findAll('button').map((b) => `${b.text()}:${b.attributes('disabled') === undefined ? 'on' : 'off'}`),
    });

    it('shows the same reference, status and log after a remount, and Generate stays off', async () => {
      const generate = vi.fn(async () =>
        okCall(
          { operation: 'generateReference', paymentStatus: 'Pending', transactionID: TX },
          {
            returnStatus: { statusCode: '000' },
            paymentStatus: 'Pending',
            paymentReference: { reference: '123456789', entity: '21098', amount: { value: 12.5, currency: 'EUR' } },
          },
        ),
      );
      api = fakeApi({ 'payments.generateReference': generate });
      wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['REFERENCE'] });
      await settle();
      await button(wrapper, 'Generate Multibanco reference').trigger('click');
      await settle();
      const before = snapshot(wrapper);
      expect(before.text).toContain('123 456 789');
      expect(before.buttons).toContain('Generate Multibanco reference:off');
      wrapper.unmount();

      wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['REFERENCE'] });
      await settle();
      expect(snapshot(wrapper)).toEqual(before);
      expect(wrapper.get('[data-testid="mb-entity"]').text()).toBe('21098');
      expect(wrapper.text()).not.toContain('No follow-up yet');
      expect(generate).toHaveBeenCalledTimes(1);
    });

    it('a Variant B order at Success · final does not offer its action step again after a remount', async () => {
      const actionResponse = {
        type: 'REDIRECT',
        data: { url: 'http://127.0.0.1:9/api/v2/payments/x/action', params: [{ name: 'k', value: 'v' }] },
      };
      const db = useHistoryDb();
      const none = () => undefined;
      await recordExchange(
        db,
        okCall(
          { operation: 'createOrder', method: 'POST', transactionID: TX },
          { returnStatus: { statusCode: '000' }, transactionID: TX, paymentMethodList: ['CARD'], actionResponse },
        ).value.exchange,
        none,
      );
      await recordExchange(
        db,
        okCall(
          { operation: 'performAction', paymentStatus: 'Success', transactionID: TX },
          { returnStatus: { statusCode: '000' }, paymentStatus: 'Success' },
        ).value.exchange,
        none,
      );
      api = fakeApi();
      wrapper = mountInApp(TransactionFollowUps, base);
      await settle();
      expect(wrapper.get('.payment-status').text()).toBe('Success · final');
      expect(wrapper.text()).not.toContain('Perform action step');
      expect(button(wrapper, 'Poll until final').attributes('disabled')).toBeDefined();
    });

    it('keeps the action step off on a final payment even before it was performed', async () => {
      const actionResponse = { data: { url: 'http://127.0.0.1:9/x/action', params: [] } };
      const db = useHistoryDb();
      await recordExchange(
        db,
        okCall(
          { operation: 'createOrder', method: 'POST', transactionID: TX },
          { returnStatus: { statusCode: '000' }, transactionID: TX, paymentMethodList: ['CARD'], actionResponse },
        ).value.exchange,
        () => undefined,
      );
      await recordExchange(db, statusAnswer('Success').value.exchange, () => undefined);
      api = fakeApi();
      wrapper = mountInApp(TransactionFollowUps, base);
      await settle();
      expect(button(wrapper, 'Perform action step').attributes('disabled')).toBeDefined();
    });

    it('shows a notification’s status and decline reason with its meaning', async () => {
      await recordExchange(
        useHistoryDb(),
        okCall(
          { operation: 'mbwayPurchase', paymentStatus: 'Pending', transactionID: TX },
          { returnStatus: { statusCode: '000' }, paymentStatus: 'Pending' },
        ).value.exchange,
        () => undefined,
      );
      await useHistoryDb().notifications.put({
        id: 'delivery-1',
        transactionId: TX,
        receivedAt: Date.UTC(2027, 0, 1),
        paymentStatus: 'Declined',
        payload: { returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' }, paymentStatus: 'Declined' },
      });
      api = fakeApi();
      wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['MBWAY'] });
      await settle();
      expect(wrapper.get('.payment-status').text()).toBe('Declined · final');
      expect(wrapper.get('[data-testid="decline-reason"]').text()).toMatch(
        /^Reason: 01\.106\.0004 Declined — MB WAY declined \(statusMsg "Declined"\): the shopper refused/,
      );
      await wrapper.get('input[aria-label="MB WAY phone"]').setValue('351#912345678');
      expect(button(wrapper, 'Send MB WAY request').attributes('disabled')).toBeDefined();
    });

    it('does not offer a second MB WAY request while the first one waits for the shopper', async () => {
      await recordExchange(
        useHistoryDb(),
        okCall(
          { operation: 'mbwayPurchase', paymentStatus: 'Pending', transactionID: TX },
          { returnStatus: { statusCode: '000' }, paymentStatus: 'Pending' },
        ).value.exchange,
        () => undefined,
      );
      api = fakeApi();
      wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['MBWAY'] });
      await settle();
      await wrapper.get('input[aria-label="MB WAY phone"]').setValue('351#912345678');
      expect(button(wrapper, 'Send MB WAY request').attributes('disabled')).toBeDefined();
      expect(wrapper.text()).toContain('The shopper already has an MB WAY request');
    });

    it('when history cannot save the answer (storage full), a reference that went through is still not offered again', async () => {
      const generate = vi.fn(async () =>
        okCall(
          { operation: 'generateReference', paymentStatus: 'Pending', transactionID: TX },
          {
            returnStatus: { statusCode: '000' },
            paymentStatus: 'Pending',
            paymentReference: { reference: '987654321', entity: '21098' },
          },
        ),
      );
      api = fakeApi({ 'payments.generateReference': generate });
      wrapper = mountInApp(TransactionFollowUps, { ...base, methods: ['REFERENCE'] });
      useHistoryRecorderStore().record = async () => null;
      await settle();
      await button(wrapper, 'Generate Multibanco reference').trigger('click');
      await settle();
      expect(await useHistoryDb().exchanges.count()).toBe(0);
      expect(wrapper.get('[data-testid="mb-reference"]').text()).toBe('987 654 321');
      expect(button(wrapper, 'Generate Multibanco reference').attributes('disabled')).toBeDefined();
    });
  });
});
