// Types for scripts/build-if-stale.mjs (the benchmarks build out/ through it).
export declare const isBuildStale: () => boolean;
export declare function buildIfStale(options?: { force?: boolean; logLevel?: string }): boolean;
/** The newest modification time of a file, or of any file under a folder. */
export declare function newestMtime(path: string): number;
