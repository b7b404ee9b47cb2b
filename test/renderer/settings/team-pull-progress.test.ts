/**
 * Settings › Team workspace while main brings the desk's shared transactions to this console (its first
 * sync): the section shows how many of how many as main reports them, then how many it holds.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { TeamStatus } from '@shared/contract/team';
import TeamWorkspaceSection from '../../../src-renderer/src/features/settings/TeamWorkspaceSection.vue';
import { setLocale } from '../../../src-renderer/src/i18n';
import { fakeApi, mountInApp } from '../followups/mount';

let api: ConsoleApi & { emit(event: string, payload: unknown): void };
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

const status = (pull: TeamStatus['pull']): TeamStatus => ({
  state: 'connected',
  url: 'postgres://nina@db.example:5432/desk',
  login: 'nina',
  merchantId: 'M1',
  tlsMode: 'verify-full',
  caPath: '/etc/gc/ca.pem',
  hasPassword: true,
  reconnectAt: null,
  notShared: 0,
  schemaVersion: 3,
  problem: null,
  pull,
});

describe('Settings › Team workspace: first sync progress', () => {
  it('shows the pull’s progress as main reports it, then how many transactions this console holds', async () => {
    api = fakeApi({
      'team.status': async () => ({ ok: true, value: status({ done: 0, total: 100_000, finished: false }) }),
    });
    wrapper = mountInApp(TeamWorkspaceSection);
    await flushPromises();
    const pull = () => wrapper!.find('[data-testid="team-pull"]');
    expect(pull().text()).toContain('Bringing the desk’s transactions: 0 of 100,000');

    api.emit('team.statusChanged', status({ done: 42_000, total: 100_000, finished: false }));
    await flushPromises();
    expect(pull().text()).toContain('42,000 of 100,000');
    const bar = pull().find('progress');
    expect(bar.attributes()).toMatchObject({
      value: '42000',
      max: '100000',
      'aria-label': 'Desk transactions brought to this console',
    });

    api.emit('team.statusChanged', status({ done: 100_000, total: 100_000, finished: true }));
    await flushPromises();
    expect(pull().text()).toBe('100,000 of the desk’s transactions brought to this console');
    expect(pull().find('progress').exists()).toBe(false);
  });

  it('groups the numbers the Portuguese way under pt-PT', async () => {
    await setLocale('pt-PT');
    try {
      api = fakeApi({
        'team.status': async () => ({ ok: true, value: status({ done: 42_000, total: 100_000, finished: false }) }),
      });
      wrapper = mountInApp(TeamWorkspaceSection);
      await flushPromises();
      // Intl writes a (narrow) no-break space between the groups.
      const text = wrapper
        .find('[data-testid="team-pull"]')
        .text()
        .replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain('A trazer as transações da equipa: 42 000 de 100 000');
    } finally {
      await setLocale('en');
    }
  });

  it('says nothing about a pull before main reports one', async () => {
    api = fakeApi({ 'team.status': async () => ({ ok: true, value: status(null) }) });
    wrapper = mountInApp(TeamWorkspaceSection);
    await flushPromises();
    expect(wrapper.find('[data-testid="team-pull"]').exists()).toBe(false);
  });
});
