import { describe, expect, it } from 'vitest';
import { chartData, STATUS_COLOURS } from '../../../src-renderer/src/services/status-chart-data';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24, 15);
const label = (ms: number) => new Date(ms).toISOString().slice(5, 10);

describe('History status chart data', () => {
  const rows = [
    { createdAt: now, statusKey: 'Success', methods: ['MBWAY'] },
    { createdAt: now - 3600_000, statusKey: 'Declined', methods: ['MBWAY', 'REFERENCE'] },
    { createdAt: now - 2 * DAY, statusKey: 'Success', methods: ['REFERENCE'] },
    { createdAt: now - 40 * DAY, statusKey: 'Success', methods: ['CARD'] },
  ];

  it('counts payments per day and status, in the status colours, leaving out older days', () => {
    const data = chartData(rows, 'status', now, 30, label);
    expect(data.labels).toHaveLength(30);
    expect(data.labels.at(-1)).toBe('11-24');
    expect(data.datasets.map((set) => set.label)).toEqual(['Success', 'Declined']);
    const success = data.datasets[0]!;
    expect(success.backgroundColor).toBe(STATUS_COLOURS.Success);
    expect(success.data.at(-1)).toBe(1);
    expect(success.data.at(-3)).toBe(1);
    expect(data.totals).toEqual([
      { label: 'Success', count: 2 },
      { label: 'Declined', count: 1 },
    ]);
  });

  it('by method counts each payment once, under its first method', () => {
    const data = chartData(rows, 'method', now, 30, label);
    expect(data.totals).toEqual([
      { label: 'MBWAY', count: 2 },
      { label: 'REFERENCE', count: 1 },
    ]);
  });
});
