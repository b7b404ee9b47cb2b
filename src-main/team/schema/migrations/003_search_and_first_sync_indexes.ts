// Version 3: indexes that work under row-level security, for the search and for a console's first sync.
//
// - E-mail search: an index on lower(customer_email) is never used for an agent, because `lower` is not
//   leakproof and a policy's check must run before any non-leakproof condition on a row; the search then
//   walked the whole table running the scope check on every row. A stored lower-cased copy compared with
//   plain `=` (leakproof) is searchable through its index.
// - First sync: a console pulls a merchant's shared transactions in keyset pages
//   (`merchant_id = $1 AND id > $2 ORDER BY id`); without (merchant_id, id) those pages walk the table in id
//   order through every other merchant's rows.
import type { MigrationBuilder } from 'node-pg-migrate';

export const SCHEMA_VERSION = 3;

export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    ALTER TABLE transactions
      ADD COLUMN customer_email_lower text GENERATED ALWAYS AS (lower(customer_email)) STORED;
    CREATE INDEX transactions_customer_email_lower ON transactions (customer_email_lower);
    DROP INDEX transactions_customer_email;
    CREATE INDEX transactions_merchant_keyset ON transactions (merchant_id, id);
    UPDATE schema_info SET version = ${SCHEMA_VERSION}, upgraded_at = clock_timestamp();
  `);
}

export const down = false;
