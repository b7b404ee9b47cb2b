/**
 * "From the shop" (issue 29 §1): the shop's calls are indexed into History and shown in the Inspector
 * with the same derivation from main's record, marked so that nobody takes them for the console's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import ExchangeDetail from '../../../src-renderer/src/components/inspector/ExchangeDetail.vue';
import { setLocale } from '../../../src-renderer/src/i18n';
import { exchangeOfShopCall } from '@shared/shop/shop-exchange';
import type { ShopCall } from '@shared/shop/traffic';
import { mountInApp } from '../followups/mount';

const call: ShopCall = {
  kind: 'call',
  seq: 4,
  worldId: 'shop',
  via: 'world',
  receivedAt: '2026-11-25T22:00:00.000Z',
  worldTime: '2026-11-25T22:00:00.000Z',
  method: 'POST',
  path: '/api/v2/payments',
  operation: 'createOrder',
  request: {
    headers: { authorization: 'Bearer ••••abcd', 'x-note': '<img src=x onerror=alert(1)>' },
    authScheme: 'Bearer',
    body: '{"note":"<script>alert(1)</script>"}',
    bodyTruncated: false,
  },
  response: { status: 200, headers: {}, body: '{"returnStatus":{"statusCode":"000"}}', fault: null },
  durationMs: 5,
  transactionID: 's2abc',
  merchantTransactionId: 'order-1',
  statusCode: '000',
  paymentStatus: 'Pending',
};

let wrapper: VueWrapper | null = null;
afterEach(async () => {
  wrapper?.unmount();
  wrapper = null;
  await setLocale('en');
});

describe('the shop’s calls in the Inspector', () => {
  it('are marked “from the shop” (and “da loja” in Portuguese), with the shop’s markup shown as text', async () => {
    const exchange = exchangeOfShopCall(17, call)!;
    expect(exchange).toMatchObject({ id: 'shop-17', from: 'shop', classification: 'ok', profileId: null });
    wrapper = mountInApp(ExchangeDetail, { exchange });
    expect(wrapper.find('[data-testid="from-shop-mark"]').text()).toBe('from the shop');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('script:not([src])')?.textContent ?? '').not.toContain('alert(1)');
    await setLocale('pt-PT');
    await wrapper.vm.$nextTick();
    expect(wrapper.find('[data-testid="from-shop-mark"]').text()).toBe('da loja');
  });

  it('a call recorded by the recording proxy is marked “through the proxy” (“através do proxy”), not taken for the world’s', async () => {
    const exchange = exchangeOfShopCall(19, { ...call, worldId: 'proxy-1a2b3c4d', via: 'proxy' })!;
    expect(exchange.shopSource).toEqual({ worldId: 'proxy-1a2b3c4d', via: 'proxy' });
    wrapper = mountInApp(ExchangeDetail, { exchange });
    expect(wrapper.find('[data-testid="from-shop-mark"]').text()).toBe('through the proxy');
    await setLocale('pt-PT');
    await wrapper.vm.$nextTick();
    expect(wrapper.find('[data-testid="from-shop-mark"]').text()).toBe('através do proxy');
  });

  it('a call to a path outside the interface is not forced into History as an operation it was not', () => {
    expect(exchangeOfShopCall(18, { ...call, operation: null, path: '/api/v2/whatever' })).toBeNull();
  });
});
