import { describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  PAYMENT_STATUS_VALUES,
  RETURN_STATUS_CODES,
  describeReturnStatusCode,
} from '@shared/gateway/codes';
import {
  EXPLANATION_LOCALES,
  allExplanations,
  explainHttpStatus,
  explainPaymentStatus,
  explainReturnCode,
  type Explanation,
} from '@shared/support/explanations';

/** Both audiences, both languages, real sentences (not empty, not the same text copied across languages). */
function expectComplete(code: string, explanation: Explanation | undefined): void {
  expect(explanation, `no explanation for ${code}`).toBeDefined();
  for (const audience of ['agent', 'customer'] as const) {
    for (const locale of EXPLANATION_LOCALES) {
      const text = explanation![audience][locale];
      expect(text?.trim().length ?? 0, `${code} ${audience} ${locale} is empty`).toBeGreaterThan(20);
      expect(text, `${code} ${audience} ${locale} must end a sentence`).toMatch(/[.?!]$/);
    }
    expect(explanation![audience].en, `${code} ${audience}: pt-PT is a copy of en`).not.toBe(
      explanation![audience]['pt-PT'],
    );
  }
}

describe('support explanations table', () => {
  it('explains every payment status in both languages, for the agent and for the customer', () => {
    for (const status of PAYMENT_STATUS_VALUES) expectComplete(status, explainPaymentStatus(status));
  });

  it('explains every documented returnStatus code, including the 12.110.12xx/13xx families', () => {
    for (const code of Object.keys(RETURN_STATUS_CODES)) expectComplete(code, explainReturnCode(code));
    for (const code of ['12.110.1200', '12.110.1299', '12.110.1301', '12.110.1399']) {
      expect(describeReturnStatusCode(code)).toBeDefined();
      expectComplete(code, explainReturnCode(code));
    }
    expect(explainReturnCode('12.110.1400')).toBeUndefined();
    expect(explainReturnCode('nonsense')).toBeUndefined();
  });

  it('explains every HTTP status of the spec error table plus 404 and 409', () => {
    for (const status of Object.keys(HTTP_STATUS_MESSAGES).map(Number))
      expectComplete(String(status), explainHttpStatus(status));
    expect(Object.keys(HTTP_STATUS_MESSAGES)).toEqual(expect.arrayContaining(['404', '409']));
  });

  it('the customer sentences never show codes or say "paid" for 000', () => {
    for (const { code, explanation } of allExplanations()) {
      for (const locale of EXPLANATION_LOCALES) {
        expect(explanation.customer[locale], `${code} customer text shows a code`).not.toMatch(
          /\b(E\d{4}|T9999|\d{3})\b/,
        );
      }
    }
    expect(explainReturnCode('000')!.agent.en).toMatch(/NOT "paid"/);
  });

  it('lists every code once for the reference screen', () => {
    const codes = allExplanations().map((entry) => `${entry.kind}:${entry.code}`);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(
      PAYMENT_STATUS_VALUES.length +
        Object.keys(RETURN_STATUS_CODES).length +
        2 +
        Object.keys(HTTP_STATUS_MESSAGES).length,
    );
  });
});
