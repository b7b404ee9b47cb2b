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

describe('profile list reloads', () => {
  it('keeps the newest answer when an older reload answers last (a deleted profile stays gone)', async () => {
    const answers: Array<(profiles: ReturnType<typeof profile>[]) => void> = [];
    installApi({
      'profiles.list': () =>
        new Promise((resolve) => answers.push((profiles) => resolve({ ok: true, value: { profiles, problems: [] } }))),
    });
    setupStores([profile(), profile({ id: 'qa', name: 'QA test', managed: false })]);
    const store = useProfilesStore();
    // Reload 1 was asked before the delete reached main, reload 2 after it.
    const first = store.load();
    const second = store.load();
    answers[1]!([profile()]);
    await second;
    answers[0]!([profile(), profile({ id: 'qa', name: 'QA test', managed: false })]);
    await first;
    expect(store.profiles.map((p) => p.name)).toEqual(['Sandbox · Variant A']);
  });
});
