/**
 * A team workspace seeded the way a desk's would look after months: transactions spread over merchants and
 * terminals (a few large merchants, a long tail), ids, order ids, Multibanco references and tickets shaped
 * like the ones the console writes, and case notes and lookups on a share of them. Seeded with
 * `generate_series` as the owner (row-level security does not apply to the tables' owner), then analysed.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Merchants and how many of every 100 transactions each holds; M01 is the desk's biggest. */
export const MERCHANTS = ['M01', 'M02', 'M03', 'M04', 'M05', 'M06', 'M07', 'M08', 'M09', 'M10'] as const;
export const TERMINALS_PER_MERCHANT = 4;

/** The transactionID the gateway gives (20 characters, `s2` then letters and digits), derived from n. */
export const transactionIdSql = (n: string) => `'s2' || substr(md5('tx' || ${n}), 1, 18)`;
export const transactionIdOf = (n: number) => `s2${md5('tx' + n).slice(0, 18)}`;
/** The merchant's own order id. */
export const orderIdOf = (n: number) => `ORD-2026-${String(n).padStart(7, '0')}`;
/** A Multibanco reference: nine digits, stored without the spaces it is printed with. */
export const referenceOf = (n: number) => String(100_000_000 + ((n * 7919) % 900_000_000)).padStart(9, '0');
export const printedReference = (reference: string) =>
  `${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`;
/** A help-desk ticket: transactions n ≡ 7 (mod 10) have a note and a lookup with one, n ≡ 2 a lookup under n + 5's. */
export const ticketOf = (n: number) => `ZD-${400_000 + Math.floor(n / 10)}`;

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/**
 * Merchant of transaction n (1-based): every `stride`-th belongs to M11, the merchant a new agent joins
 * (so it holds exactly count / stride, spread over the whole history); of the rest M01, the desk's
 * biggest, takes two in seven and M02…M10 share the others.
 */
export const merchantOf = (n: number, stride: number): string =>
  n % stride === 0 ? 'M11' : n % 7 < 2 ? 'M01' : MERCHANTS[1 + (n % 9)]!;
const merchantSql = (n: string) =>
  `CASE WHEN ${n} % $3 = 0 THEN 'M11' WHEN ${n} % 7 < 2 THEN 'M01' ELSE 'M' || lpad((2 + ${n} % 9)::text, 2, '0') END`;
export const terminalOf = (merchant: string, n: number) =>
  String(1_000_000 + Number(merchant.slice(1)) * 10 + (n % TERMINALS_PER_MERCHANT));
const terminalSql = (n: string, merchant: string) =>
  `(1000000 + substr(${merchant}, 2)::int * 10 + ${n} % ${TERMINALS_PER_MERCHANT})::text`;

/** Inserts transactions `from`..`to` (1-based), in chunks so one statement never holds the whole set. */
export async function seedTransactions(owner: pg.ClientBase, from: number, to: number, stride: number): Promise<void> {
  const CHUNK = 250_000;
  for (let start = from; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    await owner.query(
      `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, environment, merchant_transaction_id,
                                 reference, payment_method, status, amount, currency, customer_email, gateway_created_at)
       SELECT ${transactionIdSql('n')}, m, ${terminalSql('n', 'm')}, 'production',
              'ORD-2026-' || lpad(n::text, 7, '0'),
              lpad((100000000 + (n::bigint * 7919) % 900000000)::text, 9, '0'),
              (ARRAY['REFERENCE', 'MBWAY', 'CARD'])[1 + n % 3],
              (ARRAY['Success', 'Pending', 'Declined', 'Expired'])[1 + n % 4],
              10 + (n % 500) + 0.5, 'EUR',
              CASE WHEN n % 2 = 0 THEN 'c' || '•••@•••.pt' END,
              timestamptz '2026-01-01' + n * interval '20 seconds'
         FROM generate_series($1::int, $2::int) AS n, LATERAL (SELECT ${merchantSql('n')} AS m) AS scope`,
      [start, end, stride],
    );
  }
}

/** A case note with a ticket on every tenth transaction, a lookup on every fifth (ticketOf). */
export async function seedNotesAndLookups(
  owner: pg.ClientBase,
  from: number,
  to: number,
  stride: number,
): Promise<void> {
  await owner.query(
    `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, ticket, body, author)
     SELECT md5('note' || n)::uuid, ${transactionIdSql('n')}, m, ${terminalSql('n', 'm')},
            'ZD-' || (400000 + n / 10), 'Customer called about the payment; told them it is ' ||
            (ARRAY['paid', 'pending', 'declined', 'expired'])[1 + n % 4] || '.', 'seed'
       FROM generate_series($1::int, $2::int) AS n, LATERAL (SELECT ${merchantSql('n')} AS m) AS scope
      WHERE n % 10 = 7`,
    [from, to, stride],
  );
  await owner.query(
    `INSERT INTO lookups (client_id, transaction_id, merchant_id, terminal_id, ticket, author)
     SELECT md5('lookup' || n)::uuid, ${transactionIdSql('n')}, m, ${terminalSql('n', 'm')},
            'ZD-' || (400000 + n / 10), 'seed'
       FROM generate_series($1::int, $2::int) AS n, LATERAL (SELECT ${merchantSql('n')} AS m) AS scope
      WHERE n % 5 = 2`,
    [from, to, stride],
  );
}
