/** The same keys as the English catalogue, every leaf a string: a missing or extra key fails type-checking. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
