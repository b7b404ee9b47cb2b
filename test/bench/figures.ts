/** What every benchmark reports: one row per figure, with its samples summarised. */
export interface Figure {
  figure: string;
  /** The median of the samples. */
  value: number;
  unit: string;
  /** The same measure on a reference implementation in the same run, or null. */
  baseline: number | null;
  /** value / baseline, or null without a baseline. */
  ratio: number | null;
  /** Human-readable target, e.g. "≥ 5000 req/s and ≥ 0.5× baseline". */
  target: string;
  pass: boolean;
  samples: { min: number; median: number; max: number; count: number };
}

export interface BenchContext {
  /** `--full`: also run the slow benchmarks and take longer samples. */
  full: boolean;
  log(line: string): void;
}

export interface Benchmark {
  name: string;
  /** Only run with `--full`. */
  slow?: boolean;
  run(context: BenchContext): Promise<Figure[]>;
}

export const summarise = (samples: number[]): Figure['samples'] => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0] ?? NaN, median, max: sorted.at(-1) ?? NaN, count: sorted.length };
};

/**
 * Builds a figure whose value is the median of `samples`, compared with the median of `baselineSamples`.
 * With `paired`, sample i and baseline sample i were measured back to back (interleaved rounds), and the
 * ratio is the median of the per-round ratios: a burst of load from other work then skews one round's
 * pair, not the comparison, where a ratio of two medians can pair a quiet round with a loaded one.
 */
export function figure(input: {
  figure: string;
  unit: string;
  samples: number[];
  baselineSamples?: number[];
  paired?: boolean;
  target: string;
  pass: (value: number, ratio: number | null) => boolean;
}): Figure {
  const samples = summarise(input.samples);
  const baselineSamples = input.baselineSamples;
  const baseline = baselineSamples ? summarise(baselineSamples).median : null;
  let ratio = baseline ? samples.median / baseline : null;
  if (input.paired && baselineSamples) {
    if (baselineSamples.length !== input.samples.length) throw new Error(`${input.figure}: unpaired samples`);
    ratio = summarise(input.samples.map((value, round) => value / baselineSamples[round]!)).median;
  }
  return {
    figure: input.figure,
    value: samples.median,
    unit: input.unit,
    baseline,
    ratio,
    target: input.target,
    pass: input.pass(samples.median, ratio),
    samples,
  };
}

/** The p-th percentile (nearest rank) of `values`. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
