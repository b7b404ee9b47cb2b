import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { AppNotice } from '@shared/contract/app';
import AppNotices from '../../../src-renderer/src/components/AppNotices.vue';
import { installApi, mountWithProviders, setupStores } from '../orders/mount-helpers';

const LOST = 'Stored transaction signatures could not be decrypted (kept as x.bak); follow-up calls need a new order.';

describe('notices from main (app.notices, app.notice)', () => {
  it('shows the notices raised before the window connected and each one pushed later, until dismissed', async () => {
    let push: (notice: AppNotice) => void = () => {};
    installApi({
      'app.notices': async () => ({ ok: true, value: { notices: [{ level: 'warning', message: LOST }] } }),
      on: (name: string, listener: (notice: AppNotice) => void) => {
        if (name === 'app.notice') push = listener;
        return () => {};
      },
    });
    const wrapper = mountWithProviders(AppNotices, setupStores([]));
    await flushPromises();
    const alerts = () => [...document.querySelectorAll('[data-testid="app-notice"]')];
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.getAttribute('role')).toBe('alert');
    expect(alerts()[0]!.textContent).toContain(LOST);

    push({ level: 'error', message: 'The notification receiver stopped.' });
    await flushPromises();
    expect(alerts().map((alert) => alert.textContent)).toEqual([
      expect.stringContaining(LOST),
      expect.stringContaining('The notification receiver stopped.'),
    ]);

    (alerts()[0]!.querySelector('.n-base-close') as HTMLElement).click();
    await flushPromises();
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.textContent).toContain('The notification receiver stopped.');
    wrapper.unmount();
  });
});
