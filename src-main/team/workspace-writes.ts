/**
 * How each queued item is written to the workspace (schema: src-main/team/schema): one transaction per
 * item, keyed by the id this console gave it, so an item written twice — the answer to the first write was
 * lost with the connection — is applied once (`ON CONFLICT (client_id) DO NOTHING`). Who wrote it and when
 * are the database's own (its triggers stamp `session_user` and its clock), never a value sent from here.
 * Notes, lookups and reveals take their merchant and terminal from the shared transaction they are about,
 * so row-level security decides with the database's facts, not this console's.
 */
import type { ClientBase } from 'pg';
import type { OutboxItem } from './outbox';

/** The row a queued item needs is not in the workspace (or not visible to this login): keep the item. */
export class MissingInWorkspace extends Error {}

type Payload = Record<string, unknown>;
const str = (payload: Payload | null | undefined, key: string): string | null => {
  const value = payload?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};
const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;
/** Notes longer than the workspace keeps are cut there (the whole note stays in main's own file). */
const MAX_NOTE = 10_000;

async function inTransaction(client: ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Inserts a row about a shared transaction; when nothing was inserted, tells a duplicate from a missing transaction. */
async function insertAbout(client: ClientBase, table: string, clientId: string, insert: string, values: unknown[]) {
  const inserted = await client.query(insert, values);
  if (inserted.rowCount) return;
  const existing = await client.query(`SELECT 1 FROM ${table} WHERE client_id = $1`, [clientId]);
  if (!existing.rowCount) throw new MissingInWorkspace(`${table}: its transaction is not in the workspace`);
}

export async function applyOutboxItem(client: ClientBase, item: OutboxItem): Promise<void> {
  const p = item.payload;
  switch (item.kind) {
    case 'exchange': {
      const scope = p.scope as Payload;
      const facts = (p.facts ?? null) as Payload | null;
      const amount = str(facts, 'amount');
      await inTransaction(client, async () => {
        if (facts) {
          // A later exchange fills what an earlier one did not say (a status query names no order id).
          await client.query(
            `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, environment, merchant_transaction_id,
                                       reference, payment_method, status, amount, currency, customer_email)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (transaction_id) DO UPDATE SET
               merchant_transaction_id = COALESCE(EXCLUDED.merchant_transaction_id, transactions.merchant_transaction_id),
               reference = COALESCE(EXCLUDED.reference, transactions.reference),
               payment_method = COALESCE(EXCLUDED.payment_method, transactions.payment_method),
               status = COALESCE(EXCLUDED.status, transactions.status),
               amount = COALESCE(EXCLUDED.amount, transactions.amount),
               currency = COALESCE(EXCLUDED.currency, transactions.currency),
               customer_email = COALESCE(EXCLUDED.customer_email, transactions.customer_email)`,
            [
              str(facts, 'transactionId'),
              str(scope, 'merchantId'),
              str(scope, 'terminalId'),
              str(scope, 'environment'),
              str(facts, 'merchantTransactionId'),
              str(facts, 'reference'),
              str(facts, 'paymentMethod'),
              str(facts, 'status'),
              amount && DECIMAL.test(amount) ? amount : null,
              str(facts, 'currency'),
              str(facts, 'email'),
            ],
          );
        }
        await client.query(
          `INSERT INTO exchanges (client_id, transaction_id, merchant_id, terminal_id, exchange)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (client_id) DO NOTHING`,
          [
            item.clientId,
            str(facts, 'transactionId'),
            str(scope, 'merchantId'),
            str(scope, 'terminalId'),
            JSON.stringify(p.exchange),
          ],
        );
      });
      return;
    }
    case 'note': {
      const text = str(p, 'text');
      const ticket = str(p, 'ticket');
      // A ticket-only note still says something: its body restates the ticket.
      const body = (text ?? ticket ?? '').slice(0, MAX_NOTE);
      await insertAbout(
        client,
        'case_notes',
        item.clientId,
        `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, ticket, body)
         SELECT $1, t.transaction_id, t.merchant_id, t.terminal_id, $3, $4 FROM transactions t WHERE t.transaction_id = $2
         ON CONFLICT (client_id) DO NOTHING`,
        [item.clientId, str(p, 'transactionKey'), ticket, body],
      );
      return;
    }
    case 'lookup':
      await insertAbout(
        client,
        'lookups',
        item.clientId,
        `INSERT INTO lookups (client_id, transaction_id, merchant_id, terminal_id, ticket)
         SELECT $1, t.transaction_id, t.merchant_id, t.terminal_id, $3 FROM transactions t WHERE t.transaction_id = $2
         ON CONFLICT (client_id) DO NOTHING`,
        [item.clientId, str(p, 'transactionId'), str(p, 'ticket')],
      );
      return;
    case 'qaSession': {
      const scope = p.scope as Payload;
      const evidence = Array.isArray(p.evidence) ? (p.evidence as Payload[]) : [];
      // The session and its evidence land together or not at all.
      await inTransaction(client, async () => {
        await client.query(
          `INSERT INTO qa_sessions (client_id, merchant_id, terminal_id, name, session) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (client_id) DO NOTHING`,
          [
            item.clientId,
            str(scope, 'merchantId'),
            str(scope, 'terminalId'),
            str(p, 'name') ?? '',
            JSON.stringify(p.session),
          ],
        );
        for (const entry of evidence)
          await client.query(
            `INSERT INTO qa_evidence (client_id, session_client_id, merchant_id, terminal_id, evidence)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (client_id) DO NOTHING`,
            [
              str(entry, 'clientId'),
              item.clientId,
              str(scope, 'merchantId'),
              str(scope, 'terminalId'),
              JSON.stringify(entry.entry),
            ],
          );
      });
      return;
    }
    case 'reveal':
      await insertAbout(
        client,
        'reveal_audit',
        item.clientId,
        `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason)
         SELECT $1, t.transaction_id, t.merchant_id, t.terminal_id, $3, $4 FROM transactions t WHERE t.transaction_id = $2
         ON CONFLICT (client_id) DO NOTHING`,
        [item.clientId, str(p, 'transactionId'), str(p, 'field'), str(p, 'reason') ?? ''],
      );
      return;
  }
}
