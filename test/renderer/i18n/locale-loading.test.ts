import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from '../../../src-renderer/src/i18n';

// A page as it starts: only English in it (the shared setup fetches Portuguese up front for other tests).
let fresh: typeof I18n;
beforeEach(async () => {
  vi.resetModules();
  fresh = await import('../../../src-renderer/src/i18n');
});

describe('the Portuguese catalogue is fetched when Portuguese is chosen', () => {
  it('is not in the page at start; choosing Portuguese fetches it, then the console speaks Portuguese', async () => {
    expect(fresh.hasLocaleMessages('pt-PT')).toBe(false);
    const switching = fresh.setLocale('pt-PT');
    // Until the catalogue is in, the screen stays whole in the current language (no keys, no half-English).
    expect(fresh.currentLocale()).toBe('en');
    expect(fresh.t('nav.orders')).toBe('Orders');
    await switching;
    expect(fresh.currentLocale()).toBe('pt-PT');
    expect(fresh.t('nav.orders')).toBe('Encomendas');
    expect(document.documentElement.lang).toBe('pt-PT');
    await fresh.setLocale('en');
  });

  it('the latest choice wins when the user picks English again before Portuguese arrives', async () => {
    const portuguese = fresh.setLocale('pt-PT');
    await fresh.setLocale('en');
    await portuguese;
    expect(fresh.currentLocale()).toBe('en');
    expect(fresh.t('nav.orders')).toBe('Orders');
    // Fetched all the same: picking it now is immediate.
    void fresh.setLocale('pt-PT');
    expect(fresh.currentLocale()).toBe('pt-PT');
    await fresh.setLocale('en');
  });
});
