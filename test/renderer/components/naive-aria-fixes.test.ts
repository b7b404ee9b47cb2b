import { mount } from '@vue/test-utils';
import { NInputNumber } from 'naive-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { useNaiveAriaFixes } from '../../../src-renderer/src/composables/naive-aria-fixes';
import { i18n, setLocale } from '../../../src-renderer/src/i18n';

const Page = defineComponent({
  setup() {
    useNaiveAriaFixes();
    return () => h('div', [h(NInputNumber, { value: 1 })]);
  },
});

const names = () =>
  [...document.querySelectorAll('.n-input-number .n-button')].map((button) => button.getAttribute('aria-label'));

afterEach(() => {
  setLocale('en');
  document.body.innerHTML = '';
});

describe('naive-ui number input buttons', () => {
  it('get names in the current language, renamed when the language switches without a re-render', async () => {
    const wrapper = mount(Page, { attachTo: document.body, global: { plugins: [i18n] } });
    await nextTick();
    expect(names()).toEqual(['Decrease', 'Increase']);
    setLocale('pt-PT');
    await nextTick();
    expect(names()).toEqual(['Diminuir', 'Aumentar']);
    setLocale('en');
    await nextTick();
    expect(names()).toEqual(['Decrease', 'Increase']);
    wrapper.unmount();
  });
});
