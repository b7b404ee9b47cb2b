/**
 * Main's last check before the shop's traffic enters its record: whatever a capture let through, the
 * Sandbox's credentials never reach the journal, and a header named `__proto__` stays a plain entry.
 */
import { describe, expect, it } from 'vitest';
import { maskShopEntry } from '../../../src-main/shop/mask-shop-entry';
import type { ShopCall } from '../../../src-shared/shop/traffic';

const TOKEN = 'sbx_Zr8Qk2mLw9VbT4xYp7NcD1sF';
const CLIENT_ID = 'sbx_client_9f8e7d6c5b4a3210';

function call(headers: Record<string, string>, body: string): ShopCall {
  return {
    kind: 'call',
    seq: 1,
    worldId: 'shop',
    via: 'world',
    receivedAt: '2026-11-25T22:00:00.000Z',
    worldTime: '2026-11-25T22:00:00.000Z',
    method: 'POST',
    path: `/api/v2/payments?echo=${TOKEN}`,
    operation: 'createOrder',
    request: { headers, authScheme: 'Bearer', body, bodyTruncated: false },
    response: { status: 200, headers: { 'x-echo': CLIENT_ID }, body: `{"echo":"${CLIENT_ID}"}`, fault: null },
    durationMs: 3,
    transactionID: null,
    merchantTransactionId: null,
    statusCode: '000',
    paymentStatus: null,
  };
}

describe('mask a shop entry before main records it', () => {
  it('a credential header, a token in the path and the client id echoed in bodies are masked, whatever the capture did', () => {
    const headers = JSON.parse(
      `{"authorization":"Bearer ${TOKEN}","x-ibm-client-id":"${CLIENT_ID}","content-type":"application/json","__proto__":"<img src=x onerror=alert(1)>"}`,
    ) as Record<string, string>;
    const masked = maskShopEntry(call(headers, `{"note":"${TOKEN}"}`), [TOKEN, CLIENT_ID]) as ShopCall;
    const text = JSON.stringify(masked);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(CLIENT_ID);
    expect(masked.request.headers.authorization).toBe(`Bearer ••••${TOKEN.slice(-4)}`);
    expect(masked.request.headers['content-type']).toBe('application/json');
    // Kept as data: an own entry named __proto__, not the object's prototype.
    expect(Object.getPrototypeOf(masked.request.headers)).toBe(Object.prototype);
    expect(Object.hasOwn(masked.request.headers, '__proto__')).toBe(true);
  });

  it('an entry the capture already masked comes out the same', () => {
    const once = maskShopEntry(call({ authorization: `Bearer ••••${TOKEN.slice(-4)}` }, '{}'), [TOKEN]);
    expect(maskShopEntry(once, [TOKEN])).toEqual(once);
  });
});
