/**
 * Settings › Team workspace while main waits to reconnect on its own: the status line counts down to the
 * next attempt main announced ("reconnecting in N s"), and the countdown goes once main is connected.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { TeamStatus } from '@shared/contract/team';
import TeamWorkspaceSection from '../../../src-renderer/src/features/settings/TeamWorkspaceSection.vue';
import { fakeApi, mountInApp } from '../followups/mount';

let api: ConsoleApi & { emit(event: string, payload: unknown): void };
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const status = (overrides: Partial<TeamStatus>): TeamStatus => ({
  state: 'offline',
  url: 'postgres://alice@db.example:5432/desk',
  login: 'alice',
  merchantId: 'M1',
  tlsMode: 'disable',
  caPath: null,
  hasPassword: true,
  reconnectAt: null,
  notShared: 1,
  schemaVersion: 2,
  pull: null,
  problem: { id: 'teamConnectionLost', params: {} },
  ...overrides,
});

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());

describe('Settings › Team workspace reconnect countdown', () => {
  it('shows "reconnecting in N s" counting down to main’s next attempt, and drops it once connected', async () => {
    api = fakeApi({
      'team.status': async () => ({
        ok: true,
        value: status({ reconnectAt: new Date(Date.now() + 3_000).toISOString() }),
      }),
    });
    wrapper = mountInApp(TeamWorkspaceSection);
    await flushPromises();
    const countdown = () => wrapper!.find('[data-testid="team-reconnect-in"]');
    expect(countdown().text()).toBe('(reconnecting in 3 s)');
    expect(wrapper.find('[data-testid="team-status"]').text()).toContain('Offline');
    // Ticks once a second while main waits.
    await expect.poll(() => countdown().text(), { timeout: 2_500, interval: 100 }).toBe('(reconnecting in 2 s)');
    api.emit('team.statusChanged', status({ state: 'connected', problem: null, notShared: 0 }));
    await flushPromises();
    expect(countdown().exists()).toBe(false);
    expect(wrapper.find('[data-testid="team-status"]').text()).toContain('Connected');
  });
});
