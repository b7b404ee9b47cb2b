import { describe, expect, it } from 'vitest';
import { maskCustomerValue } from '@shared/support/customer-data';
import { factsFromExchange } from '../../../src-renderer/src/db/exchange-facts';
import { makeExchange } from './fixtures';

const mbwayCall = (phone: string) =>
  makeExchange({
    operation: 'mbwayPurchase',
    url: 'http://127.0.0.1:1/api/v2/payments/s2mb/mbway-id/purchase',
    request: { headers: {}, body: JSON.stringify({ customerPhone: phone }) },
    paymentStatus: 'Pending',
  });

describe('one phone mask for History and the support desk', () => {
  it.each(['351#912345678', '34#612345678', '+351912345678'])(
    'defect: History and the support desk masked the same phone two different ways (%s)',
    (phone) => {
      const history = factsFromExchange(mbwayCall(phone))?.maskedPhone;
      expect(history).toBe(maskCustomerValue('phone', phone));
      // The country code and the last 3 digits stay: enough to recognise, not a usable number.
      expect(history).toMatch(/^(\+\d{3}|\d{2,3}#)•{3,8}678$/);
      expect(history).not.toContain('912345');
      expect(history).not.toContain('612345');
    },
  );
});
