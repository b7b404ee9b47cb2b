// Types for scripts/build-if-stale.mjs (the benchmarks build out/ through it).
export declare const isBuildStale: () => boolean;
export declare function buildIfStale(options?: { force?: boolean; logLevel?: string }): boolean;
