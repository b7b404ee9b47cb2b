/**
 * Support › team lookup while the workspace is unreachable (issue 30): main answers from the copy this
 * console pulled, and the panel says so, with when it was pulled — in English and European Portuguese.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { TeamStatus, TeamTransaction } from '@shared/contract/team';
import TeamLookupPanel from '../../../src-renderer/src/features/support/TeamLookupPanel.vue';
import { setLocale } from '../../../src-renderer/src/i18n';
import { formatDateTime } from '../../../src-renderer/src/i18n/format';
import { fakeApi, mountInApp } from '../followups/mount';

let api: ConsoleApi & { emit(event: string, payload: unknown): void };
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

let wrapper: VueWrapper | undefined;
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await setLocale('en');
});

const PULLED_AT = '2026-11-26T03:10:00.000Z';
const offline = { state: 'offline', notShared: 0 } as TeamStatus;
const row: TeamTransaction = {
  transactionId: 'M1-17',
  merchantTransactionId: 'order-17',
  reference: '000000017',
  terminalId: '1000001',
  status: 'Pending',
  amount: null,
  currency: null,
  email: null,
  updatedAt: PULLED_AT,
  notes: [],
  lookups: [],
};

async function searchWith(pulledAt: string | null): Promise<VueWrapper> {
  api = fakeApi({
    'team.status': async () => ({ ok: true, value: offline }),
    'team.search': async () => ({ ok: true, value: { transactions: [row], pulledAt } }),
  });
  wrapper = mountInApp(TeamLookupPanel);
  await flushPromises();
  await wrapper.find('#team-search').setValue('order-17');
  await wrapper.find('form').trigger('submit');
  await flushPromises();
  return wrapper;
}

describe('Support › team lookup from the pulled copy', () => {
  it('says the results come from the copy pulled at a time, in English and Portuguese', async () => {
    const panel = await searchWith(PULLED_AT);
    expect(panel.find('[data-testid="team-results"]').text()).toContain('M1-17');
    const mark = panel.find('[data-testid="team-from-copy"]');
    expect(mark.text()).toContain(`the copy pulled to this console at ${formatDateTime(PULLED_AT)}`);

    await setLocale('pt-PT');
    await flushPromises();
    expect(panel.find('[data-testid="team-from-copy"]').text()).toContain(
      `da cópia trazida para esta consola em ${formatDateTime(PULLED_AT)}`,
    );
  });

  it('shows no such mark when the workspace itself answered', async () => {
    const panel = await searchWith(null);
    expect(panel.find('[data-testid="team-results"]').text()).toContain('M1-17');
    expect(panel.find('[data-testid="team-from-copy"]').exists()).toBe(false);
  });
});
