import { describe, expect, it } from 'vitest';
import { classifyAnswer, classifyFailure } from '../../../src-main/gateway/classify';
import { HTTP_STATUS_ADVICE } from '../../../src-main/gateway/suggested-actions';
import { MAIN_TEXTS } from '@shared/console-text';

const body = (statusCode: unknown, extra: object = {}) => ({
  returnStatus: { statusCode, statusMsg: 'msg' },
  ...extra,
});

describe('classifying gateway answers', () => {
  it('000 is ok but never "paid": the payment status is reported next to it', () => {
    const verdict = classifyAnswer(200, body('000', { paymentStatus: 'Declined' }));
    expect(verdict.classification).toBe('ok');
    expect(verdict.paymentStatus).toBe('Declined');
    expect(verdict.suggestedAction).toBeNull();
  });

  it('HTTP 200 with another statusCode is a gateway error explained from the known codes', () => {
    const verdict = classifyAnswer(200, body('E0506'));
    expect(verdict.classification).toBe('gateway-error');
    expect(verdict.suggestedAction).toMatch(/alias does not exist/);
  });

  it('999 advises a retry; a numeric statusCode is read as text', () => {
    expect(classifyAnswer(200, body(999)).classification).toBe('retry-advised');
  });

  it.each(Object.entries(HTTP_STATUS_ADVICE))('HTTP %s carries the spec’s suggested action', (status, advice) => {
    const verdict = classifyAnswer(Number(status), body('E0101'));
    expect(verdict.classification).toBe('http-error');
    expect(verdict.summary).toContain(`HTTP ${status} ${advice.statusMsg}`);
    expect(verdict.suggestedAction).toBe(MAIN_TEXTS[advice.action]);
  });

  it('a non-JSON or returnStatus-less 200 is an invalid response', () => {
    expect(classifyAnswer(200, undefined).classification).toBe('invalid-response');
    expect(classifyAnswer(200, { hello: 1 }).classification).toBe('invalid-response');
  });

  it('a money-moving call without an answer is outcome-unknown only if it may have been delivered', () => {
    expect(classifyFailure('network', 'reset', { moneyMoving: true, maybeDelivered: true }).classification).toBe(
      'outcome-unknown',
    );
    expect(
      classifyFailure('network', 'ECONNREFUSED', { moneyMoving: true, maybeDelivered: false }).classification,
    ).toBe('network');
    expect(classifyFailure('timeout', 'slow', { moneyMoving: false, maybeDelivered: true }).classification).toBe(
      'timeout',
    );
  });
});
