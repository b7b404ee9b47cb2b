/**
 * History in one picture: payments per day, stacked by status (in the status badges' colours) or by
 * payment method. Pure, so the numbers are tested apart from the canvas.
 */
export type ChartMode = 'status' | 'method';

export interface ChartRow {
  createdAt: number;
  statusKey: string;
  methods: readonly string[];
}

export interface ChartData {
  labels: string[];
  datasets: Array<{ label: string; data: number[]; backgroundColor: string }>;
  /** One sentence of totals for screen readers (the canvas itself says nothing). */
  totals: Array<{ label: string; count: number }>;
}

/** The design's status colours: green final success, blue waiting, amber partial, red refused, grey ended. */
export const STATUS_COLOURS: Record<string, string> = {
  Success: '#15803d',
  Pending: '#1d4ed8',
  InProcessing: '#3b82f6',
  Partial: '#b45309',
  Declined: '#b91c1c',
  Error: '#ef4444',
  Timeout: '#6b7280',
  Expired: '#9ca3af',
  // History's own keys: hues of their own, so neither reads as the grey of Timeout or Expired.
  OutcomeUnknown: '#c026d3',
  NotSeen: '#0e7490',
};
const OTHER_COLOURS = ['#0f766e', '#7c3aed', '#be185d', '#a16207', '#0369a1', '#4d7c0f', '#9333ea', '#c2410c'];

const DAY_MS = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** `rows` within `days` days ending on the day of `now`, one bar per day. */
export function chartData(
  rows: readonly ChartRow[],
  mode: ChartMode,
  now: number,
  days: number,
  dayLabel: (ms: number) => string,
  /** The legend's words for a series key (a status key is shown in the user's language, never raw). */
  seriesLabel: (key: string) => string = (key) => key,
): ChartData {
  const first = dayStart(now) - (days - 1) * DAY_MS;
  const labels = Array.from({ length: days }, (_, i) => dayLabel(first + i * DAY_MS));
  const series = new Map<string, number[]>();
  for (const row of rows) {
    const day = Math.floor((dayStart(row.createdAt) - first) / DAY_MS);
    if (day < 0 || day >= days) continue;
    // A payment offered several methods counts once, under the first one listed.
    const key = mode === 'status' ? row.statusKey : (row.methods[0] ?? '?');
    let data = series.get(key);
    if (!data) series.set(key, (data = new Array<number>(days).fill(0)));
    data[day]! += 1;
  }
  const order = Object.keys(STATUS_COLOURS);
  const keys = [...series.keys()].sort((a, b) =>
    mode === 'status'
      ? (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b)
      : a.localeCompare(b),
  );
  const datasets = keys.map((key, index) => ({
    label: seriesLabel(key),
    data: series.get(key)!,
    backgroundColor:
      mode === 'status' ? (STATUS_COLOURS[key] ?? '#64748b') : OTHER_COLOURS[index % OTHER_COLOURS.length]!,
  }));
  const totals = datasets.map((set) => ({ label: set.label, count: set.data.reduce((a, b) => a + b, 0) }));
  return { labels, datasets, totals };
}
