import { describe, expect, it } from 'vitest';
import { ACTIVE_PROFILE_KEY, useProfilesStore } from '../../../src-renderer/src/stores/profiles';
import { installApi, profile, setupStores } from '../orders/mount-helpers';

describe('active profile', () => {
  it('is remembered across restarts', async () => {
    installApi({});
    setupStores([profile(), profile({ id: 'qa', name: 'QA' })]);
    const store = useProfilesStore();
    store.activeId = 'qa';
    await Promise.resolve();
    expect(localStorage.getItem(ACTIVE_PROFILE_KEY)).toBe('qa');
    expect(store.active?.name).toBe('QA');
  });

  it('falls back to the first profile when the remembered one is gone', () => {
    installApi({});
    setupStores([profile()]);
    const store = useProfilesStore();
    store.activeId = 'deleted';
    expect(store.active?.id).toBe('sandbox-a');
  });
});
