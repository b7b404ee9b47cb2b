import { flushPromises, mount } from '@vue/test-utils';
import { h } from 'vue';
import { describe, expect, it } from 'vitest';
import VirtualTable from '../../../src-renderer/src/components/VirtualTable.vue';
import { OVERSCAN_ROWS, visibleWindow } from '../../../src-renderer/src/components/virtual-table';

describe('visibleWindow', () => {
  it('renders the rows in view plus a few on each side, and keeps the scroll height true', () => {
    // 560 px of 32 px rows at the top: 18 rows in view, 4 below as overscan.
    expect(visibleWindow(0, 560, 32, 100_000)).toEqual({
      first: 0,
      last: 18 + OVERSCAN_ROWS,
      above: 0,
      below: (100_000 - 18 - OVERSCAN_ROWS) * 32,
    });
    const deep = visibleWindow(32_000, 560, 32, 100_000);
    expect(deep.first).toBe(1000 - OVERSCAN_ROWS);
    expect(deep.above + (deep.last - deep.first) * 32 + deep.below).toBe(100_000 * 32);
  });

  it('never runs past either end', () => {
    expect(visibleWindow(10_000_000, 560, 32, 50)).toMatchObject({ first: 50, last: 50, below: 0 });
    expect(visibleWindow(0, 560, 32, 0)).toEqual({ first: 0, last: 0, above: 0, below: 0 });
  });
});

describe('VirtualTable', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ key: `row-${i}`, amount: i }));
  const columns = [
    { key: 'key', title: 'Key', width: 120 },
    {
      key: 'amount',
      title: 'Amount',
      width: 80,
      align: 'right' as const,
      render: (row: object) => h('b', String((row as { amount: number }).amount)),
    },
  ];

  it('puts only the rows in view in the DOM, and moves them when the list scrolls', async () => {
    const wrapper = mount(VirtualTable, {
      props: {
        columns,
        rows,
        label: 'Numbers',
        rowProps: (row: object) => ({ 'data-key': (row as { key: string }).key }),
      },
      attachTo: document.body,
    });
    const keys = () => wrapper.findAll('tr[data-key]').map((tr) => tr.attributes('data-key'));
    expect(wrapper.get('table').attributes('aria-label')).toBe('Numbers');
    expect(keys()[0]).toBe('row-0');
    expect(keys().length).toBeLessThan(40);
    expect(wrapper.get('tr[data-key="row-3"] b').text()).toBe('3');

    const viewport = wrapper.get('.virtual-table').element as HTMLElement;
    viewport.scrollTop = 32 * 5000;
    await wrapper.get('.virtual-table').trigger('scroll');
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    await flushPromises();
    expect(keys()).toContain('row-5000');
    expect(keys()).not.toContain('row-0');
    expect(wrapper.emitted('scroll')).toHaveLength(1);
    wrapper.unmount();
  });

  it('shows the empty slot when there are no rows', () => {
    const wrapper = mount(VirtualTable, {
      props: { columns, rows: [], label: 'Numbers' },
      slots: { empty: 'Nothing here yet.' },
    });
    expect(wrapper.text()).toContain('Nothing here yet.');
  });
});
