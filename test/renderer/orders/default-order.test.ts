import { describe, expect, it } from 'vitest';
import { validateOrder } from '@shared/gateway/order-schema';
import { defaultDraft } from '../../../src-renderer/src/services/order-defaults';
import { templateOrder } from '../../../src-main/qa/order-templates';
import { demoOrder } from '../../../src-main/demo/demo-orders';
import { demoStories } from '../../../src-main/demo/demo-plan';

/** What only says who made the order (console, QA runner, demo shop); everything else is the one default. */
function withoutAuthor(order: Record<string, unknown>): unknown {
  const copy = structuredClone(order) as {
    merchant: Record<string, unknown>;
    transaction: Record<string, unknown>;
    info?: unknown;
  };
  delete copy.merchant.merchantTransactionId;
  delete copy.merchant.transactionDescription;
  delete copy.transaction.description;
  delete copy.info;
  return copy;
}

describe('one default order body for the Orders screen, QA scenarios and the demo', () => {
  const at = new Date('2026-03-04T05:06:07.890Z');

  it.each(['A', 'B'] as const)(
    'defect: four default orders could drift apart — the first draft and a QA create step send the same order (Variant %s)',
    (variant) => {
      const terminal = variant === 'A' ? '1000001' : '1000002';
      const draft = defaultDraft(variant, terminal, at);
      const qa = templateOrder(variant, terminal, 'QA-1', at);
      expect(validateOrder(variant, draft).issues).toEqual([]);
      expect(validateOrder(variant, qa).issues).toEqual([]);
      expect(withoutAuthor(qa)).toEqual(withoutAuthor(draft));
      // Variant B carries device information from each caller; Variant A never does.
      expect('info' in draft).toBe(variant === 'B');
      expect('info' in qa).toBe(variant === 'B');
    },
  );

  it('every demo story order is the default with its story on top, and the gateway schema accepts it', () => {
    for (const story of demoStories()) {
      const order = demoOrder(story, `DEMO-${story.atMinute}`, at);
      expect(validateOrder(story.variant, order).issues, story.description).toEqual([]);
      expect((order.transaction as Record<string, unknown>).paymentType).toBe('PURS');
      expect((order.transaction as Record<string, unknown>).transactionTimestamp).toBe('2026-03-04T05:06:07Z');
    }
  });
});
