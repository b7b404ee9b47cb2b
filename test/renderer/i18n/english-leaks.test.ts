import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { setLocale } from '../../../src-renderer/src/i18n';
import { formatDateTime } from '../../../src-renderer/src/i18n/format';
import FilePicker from '../../../src-renderer/src/components/FilePicker.vue';
import MagicValuesHint from '../../../src-renderer/src/features/simulator/MagicValuesHint.vue';
import SandboxControls from '../../../src-renderer/src/components/SandboxControls.vue';
import ResultPanel from '../../../src-renderer/src/features/orders/ResultPanel.vue';
import { chartData, STATUS_COLOURS } from '../../../src-renderer/src/services/status-chart-data';
import { describePaymentStatus } from '../../../src-renderer/src/composables/payment-status';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';
import { fakeApi, mountInApp, okCall } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  setLocale('en');
});

const settle = async () => {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe('issue 27 item 1: a Portuguese user sees no English', () => {
  it('"expires in" leak: the order card counts down in Portuguese', async () => {
    api = fakeApi();
    setLocale('pt-PT');
    const TX = 's2expiresinpt0000001';
    const result = okCall(
      { operation: 'createOrder', method: 'POST', transactionID: TX },
      {
        returnStatus: { statusCode: '000' },
        transactionID: TX,
        paymentMethodList: ['MBWAY'],
        expiry: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    );
    const outcome = { profileId: 'sandbox-a', profileName: 'Sandbox', environment: 'sandbox', variant: 'A', result };
    wrapper = mountInApp(ResultPanel, { outcome });
    await settle();
    const countdown = wrapper.get('[data-testid="expiry-countdown"]').text();
    expect(countdown).toMatch(/expira dentro de \d+ dias/);
    expect(countdown).not.toMatch(/expires|days/);
  });

  it('2-digit year leak: dates are written with four-digit years in Portuguese', () => {
    setLocale('pt-PT');
    expect(formatDateTime(Date.UTC(2026, 10, 24, 12, 30, 5))).toMatch(/^24\/11\/2026, /);
  });

  it('chart legend leak: raw NotSeen/OutcomeUnknown become words, in colours of their own', () => {
    setLocale('pt-PT');
    const now = Date.UTC(2026, 10, 24, 12);
    const rows = ['NotSeen', 'OutcomeUnknown', 'Timeout', 'Expired', 'Success'].map((statusKey) => ({
      createdAt: now,
      statusKey,
      methods: ['MBWAY'],
    }));
    const data = chartData(rows, 'status', now, 7, String, (key) => describePaymentStatus(key).label);
    const labels = data.datasets.map((set) => set.label);
    expect(labels).not.toContain('NotSeen');
    expect(labels).not.toContain('OutcomeUnknown');
    expect(labels).toContain(describePaymentStatus('OutcomeUnknown').label);
    expect(labels).toContain(describePaymentStatus('Success').label);
    expect(labels).not.toContain('Success');
    // Distinct colours: no two series closer than a clearly visible step in RGB.
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const colours = data.datasets.map((set) => rgb(set.backgroundColor));
    for (let a = 0; a < colours.length; a++)
      for (let b = a + 1; b < colours.length; b++) {
        const distance = Math.hypot(...colours[a]!.map((value, i) => value - colours[b]![i]!));
        expect(distance, `${labels[a]} vs ${labels[b]}`).toBeGreaterThan(60);
      }
    expect(STATUS_COLOURS.NotSeen).toBeDefined();
    expect(STATUS_COLOURS.OutcomeUnknown).toBeDefined();
  });

  it('status enum leak: the Sandbox "complete as" select names statuses in Portuguese', async () => {
    api = fakeApi({
      'profiles.list': async () => ({
        ok: true,
        value: { profiles: [{ id: 'sandbox-a', name: 'Sandbox', environment: 'sandbox', variant: 'A' }] },
      }),
    });
    setLocale('pt-PT');
    wrapper = mountInApp(SandboxControls, { transactionId: 's2x', profileId: 'sandbox-a' });
    await useProfilesStore().load();
    await settle();
    const options = wrapper.findAll('select')[0]!.findAll('option');
    const texts = options.map((option) => option.text());
    expect(texts).toContain(describePaymentStatus('Declined').label);
    expect(texts).not.toContain('Declined');
    expect(texts).not.toContain('Expired');
    // The value sent to the simulator stays the gateway's own name.
    expect(options.map((option) => option.element.value)).toContain('Declined');
  });

  it('"4.29" magic amount leak: each magic amount has its own row, label and Portuguese decimals', async () => {
    setLocale('pt-PT');
    wrapper = mount(MagicValuesHint, { attachTo: document.body });
    await wrapper.get('.n-collapse-item__header-main').trigger('click');
    await settle();
    const rows = wrapper.findAll('tr').map((row) => row.findAll('td').map((cell) => cell.text()));
    expect(rows).toContainEqual(['4,29', 'a criação responde 429']);
    expect(rows).toContainEqual(['15,03', 'a primeira consulta de estado responde 503; as seguintes são normais']);
    expect(wrapper.text()).not.toContain('4.29');
  });

  it('native file input leak: the file chooser speaks Portuguese and names the chosen file', async () => {
    setLocale('pt-PT');
    wrapper = mount(FilePicker, { props: { label: 'Importar JSON', accept: '.json', testid: 'pick' } });
    expect(wrapper.text()).toContain('Importar JSON');
    expect(wrapper.get('[data-testid="file-picker-chosen"]').text()).toBe('Nenhum ficheiro escolhido');
    const input = wrapper.get('[data-testid="pick"]');
    Object.defineProperty(input.element, 'files', { value: [new File(['{}'], 'historico.json')] });
    await input.trigger('change');
    expect(wrapper.emitted('change')).toHaveLength(1);
    expect(wrapper.get('[data-testid="file-picker-chosen"]').text()).toBe('historico.json');
  });
});

describe('issue 27 item 1: amounts on the Support card', () => {
  it('"15.30 EUR" leak: the Support card writes the amount as 15,30 € in Portuguese', async () => {
    const { useHistoryDb } = await import('../../../src-renderer/src/db/history-db');
    const { recordExchange } = await import('../../../src-renderer/src/db/history-writer');
    const { makeExchange } = await import('../db/fixtures');
    const TransactionCaseCard = (await import('../../../src-renderer/src/components/TransactionCaseCard.vue')).default;
    // The card shows main's case notes too: main keeps none for this transaction.
    api = fakeApi({
      'support.caseNotes': async () => ({ ok: true, value: { entries: [], problems: [] } }),
      'support.migrateCaseNote': async () => ({ ok: true, value: { migrated: false } }),
    });
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    const TX = 's2amountpt0000000001';
    const order = { transaction: { amount: { value: 15.3, currency: 'EUR' } } };
    await recordExchange(
      db,
      makeExchange({
        operation: 'createOrder',
        method: 'POST',
        transactionID: TX,
        paymentStatus: null,
        request: { headers: {}, body: JSON.stringify(order) },
      }),
      (id: string) => ({ id, name: 'Sandbox', environment: 'sandbox', variant: 'A' as const }),
    );
    setLocale('pt-PT');
    wrapper = mountInApp(TransactionCaseCard, { caseKey: TX, activeProfile: null, staleAfterMinutes: 10 });
    await settle();
    const text = wrapper.text().replace(/\s/g, ' ');
    expect(text).toContain('15,30 €');
    expect(text).not.toContain('15.30');
  });
});
