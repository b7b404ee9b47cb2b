import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS_VALUES } from '@shared/gateway/codes';
import PaymentStatusBadge from '../../../src-renderer/src/components/PaymentStatusBadge.vue';
import { describePaymentStatus } from '../../../src-renderer/src/composables/payment-status';

describe('payment status display', () => {
  it('gives every documented status the one colour meaning of the design', () => {
    const tones = Object.fromEntries(PAYMENT_STATUS_VALUES.map((s) => [s, describePaymentStatus(s).tone]));
    expect(tones).toEqual({
      Success: 'success',
      Pending: 'info',
      InProcessing: 'info',
      Partial: 'warning',
      Declined: 'error',
      Error: 'error',
      Timeout: 'default',
      Expired: 'default',
    });
  });

  it('says final or not, with the meaning, in the tooltip', () => {
    expect(describePaymentStatus('Success')).toMatchObject({
      final: true,
      tooltip: expect.stringMatching(/^Final: Done\. After AUTH it means authorised, not captured\./),
    });
    expect(describePaymentStatus('Pending')).toMatchObject({
      final: false,
      tooltip: expect.stringMatching(/^Not final: Waiting for the shopper/),
    });
    expect(describePaymentStatus('Expired').tooltip).toMatch(/^Final: The order or reference passed its expiry/);
  });

  it('never shows paid from statusCode 000 alone', () => {
    const display = describePaymentStatus(null, '000');
    expect(display.label).toBe('No payment status');
    expect(display.tone).not.toBe('success');
    expect(display.final).toBe(false);
    expect(display.tooltip).toContain('statusCode 000 only means the request was processed, not that it was paid');
    expect(display.label).not.toMatch(/paid|success/i);
  });

  it('does not assume an unknown status is final and keeps its name', () => {
    expect(describePaymentStatus('Authorised')).toMatchObject({ label: 'Authorised', tone: 'default', final: false });
  });

  it('covers the history row keys: outcome unknown is amber, not seen is grey', () => {
    expect(describePaymentStatus('OutcomeUnknown')).toMatchObject({ label: 'Outcome unknown', tone: 'warning' });
    expect(describePaymentStatus('NotSeen')).toMatchObject({ label: 'No payment status', tone: 'default' });
  });

  it('renders the badge with its label, colour and an accessible explanation', () => {
    const wrapper = mount(PaymentStatusBadge, { props: { status: 'Declined' } });
    const tag = wrapper.get('.payment-status');
    expect(tag.text()).toContain('Declined');
    expect(tag.text()).toContain('final');
    expect(tag.attributes('data-tone')).toBe('error');
    expect(tag.attributes('aria-label')).toBe(
      'Payment status Declined. Final: Refused by the shopper, issuer or rules.',
    );
  });

  it('renders a 000 answer without status as "No payment status", not as a success', () => {
    const wrapper = mount(PaymentStatusBadge, { props: { status: null, statusCode: '000' } });
    const tag = wrapper.get('.payment-status');
    expect(tag.text()).toBe('No payment status');
    expect(tag.attributes('data-tone')).toBe('default');
  });
});
