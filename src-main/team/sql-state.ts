/** The SQLSTATE of a PostgreSQL error (`code`), or '' for anything else (a network error, a bug). */
export const sqlStateOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

/** SQLSTATE classes that say the database refused the data, the login or a privilege, not that the network failed. */
export const isRefusalState = (state: string): boolean => /^(22|23|28|42|P0)/.test(state);
