import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import InspectorDrawer from '../../../src-renderer/src/components/inspector/InspectorDrawer.vue';
import { useExchangeInspector } from '../../../src-renderer/src/composables/use-exchange-inspector';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { useInspectorStore } from '../../../src-renderer/src/stores/inspector';
import { fakeApi, mountInApp } from '../followups/mount';
import { lookupProfile, makeExchange } from '../db/fixtures';

/** Promises done and the drawer's lazily loaded exchange views imported (they load on first use). */
async function settle(): Promise<void> {
  await flushPromises();
  await vi.dynamicImportSettled();
  await flushPromises();
}

const api = fakeApi();
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const TX = 's2inspector000000001';
const created = makeExchange({
  operation: 'createOrder',
  method: 'POST',
  url: 'http://127.0.0.1:9/api/v2/payments',
  transactionID: TX,
  request: {
    headers: { Authorization: 'Bearer ••••abcd', 'X-Platform-Client-Id': '••••wxyz' },
    body: JSON.stringify({ merchant: { terminalId: 1000001 }, transaction: { amount: { value: 9.5 } } }),
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({
      returnStatus: { statusCode: '000' },
      transactionID: TX,
      transactionSignature: '••••9f9f',
    }),
  },
  conformanceNotes: [{ path: 'merchant.websiteAddress', message: 'not described by the spec' }],
});
const refused = makeExchange({
  transactionID: TX,
  classification: 'http-error',
  summary: 'HTTP 503 Service Unavailable',
  suggestedAction: 'Wait and retry later',
  response: { status: 503, headers: { 'content-type': 'text/html' }, bodyText: '<h1>Maintenance</h1>' },
});

const drawer = () => document.querySelector('[aria-label="Inspector"]');

describe('inspector drawer', () => {
  let wrapper: VueWrapper | undefined;
  afterEach(async () => {
    wrapper?.unmount();
    wrapper = undefined;
    await settle();
  });

  it('lists session exchanges from the push event and shows one in full', async () => {
    wrapper = mountInApp(InspectorDrawer);
    await settle();
    api.emit('exchanges.recorded', created);
    api.emit('exchanges.recorded', refused);
    api.emit('exchanges.recorded', refused); // a duplicate delivery is listed once
    const store = useInspectorStore();
    expect(store.session.map((e) => e.id)).toEqual([refused.id, created.id]);

    await store.open(created.id);
    await settle();
    const text = drawer()?.textContent ?? '';
    expect(text).toContain('POST');
    expect(text).toContain('http://127.0.0.1:9/api/v2/payments');
    expect(text).toContain('Bearer ••••abcd');
    expect(text).toContain('terminalId');
    expect(text).toContain('HTTP 200');
    expect(text).toContain('merchant.websiteAddress');
    expect(text).toContain('Copy as cURL');
    expect(text).not.toContain('Not JSON');
  });

  it('shows a non-JSON answer as raw text with the classification and the suggested action', async () => {
    wrapper = mountInApp(InspectorDrawer);
    await settle();
    await useInspectorStore().open(refused);
    await settle();
    const text = drawer()?.textContent ?? '';
    expect(text).toContain('HTTP error');
    expect(text).toContain('Suggested action');
    expect(text).toContain('Wait and retry later');
    expect(text).toContain('Not JSON — raw text:');
    expect(text).toContain('<h1>Maintenance</h1>');
  });

  it('opens an exchange from history by id through the timeline seam, and Esc closes it', async () => {
    await recordExchange(useHistoryDb(), created, lookupProfile);
    wrapper = mountInApp(InspectorDrawer);
    await settle();
    const store = useInspectorStore();
    useExchangeInspector().open(created.id);
    await vi.waitFor(() => expect(store.selected?.id).toBe(created.id));
    expect(store.visible).toBe(true);
    expect(useExchangeInspector().inspectedId.value).toBeNull(); // taken over: no second view opens

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(store.visible).toBe(false);
  });

  it('says so when an id is neither in the session nor in history', async () => {
    wrapper = mountInApp(InspectorDrawer);
    await settle();
    const store = useInspectorStore();
    expect(await store.open('no-such-exchange')).toBe(false);
    expect(store.error).toContain('no-such-exchange');
  });

  it("lists a transaction's exchanges from history and from the session", async () => {
    await recordExchange(useHistoryDb(), created, lookupProfile);
    wrapper = mountInApp(InspectorDrawer);
    await settle();
    api.emit('exchanges.recorded', refused);
    const store = useInspectorStore();
    await store.openTransaction(TX);
    expect(store.listed.map((e) => e.id).sort()).toEqual([created.id, refused.id].sort());
  });
});
