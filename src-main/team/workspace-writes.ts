/**
 * How each queued item is written to the workspace: one statement (or one transaction) per item, keyed by
 * the id this console gave it, so an item written twice — the answer to the first write was lost with the
 * connection — is applied once (`ON CONFLICT … DO NOTHING`). Who wrote it and when are the database's own
 * (`current_user`, its clock), never a value this console sends.
 *
 * Other consoles learn of a note or lookup by a NOTIFY that names only its id: each listener reads the
 * row through its own grants and row-level security, so the channel never carries text to an agent
 * outside the row's merchant scope.
 */
import type { ClientBase } from 'pg';
import type { OutboxItem } from './outbox';

export const ACTIVITY_CHANNEL = 'team_activity';

type Payload = Record<string, unknown>;
const str = (payload: Payload, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' ? value : null;
};

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

export async function applyOutboxItem(client: ClientBase, item: OutboxItem): Promise<void> {
  const p = item.payload;
  switch (item.kind) {
    case 'exchange': {
      const facts = (p.facts ?? null) as Payload | null;
      await inTransaction(client, async () => {
        if (facts) {
          // A later exchange fills what an earlier one did not say (a status query names no order id).
          await client.query(
            `INSERT INTO transactions (transaction_id, merchant_transaction_id, reference, terminal_id, status,
                                       amount, currency, customer_email)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (transaction_id) DO UPDATE SET
               merchant_transaction_id = COALESCE(EXCLUDED.merchant_transaction_id, transactions.merchant_transaction_id),
               reference = COALESCE(EXCLUDED.reference, transactions.reference),
               terminal_id = COALESCE(EXCLUDED.terminal_id, transactions.terminal_id),
               status = COALESCE(EXCLUDED.status, transactions.status),
               amount = COALESCE(EXCLUDED.amount, transactions.amount),
               currency = COALESCE(EXCLUDED.currency, transactions.currency),
               customer_email = COALESCE(EXCLUDED.customer_email, transactions.customer_email),
               updated_at = now()`,
            [
              str(facts, 'transactionId'),
              str(facts, 'merchantTransactionId'),
              str(facts, 'reference'),
              str(facts, 'terminalId'),
              str(facts, 'status'),
              str(facts, 'amount'),
              str(facts, 'currency'),
              str(facts, 'email'),
            ],
          );
        }
        await client.query(
          `INSERT INTO exchanges (client_id, transaction_id, exchange) VALUES ($1, $2, $3)
           ON CONFLICT (client_id) DO NOTHING`,
          [item.clientId, facts ? str(facts, 'transactionId') : null, JSON.stringify(p.exchange)],
        );
      });
      return;
    }
    case 'note':
      await inTransaction(client, async () => {
        const inserted = await client.query(
          `INSERT INTO case_notes (client_id, transaction_id, ticket, text) VALUES ($1, $2, $3, $4)
           ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
          [item.clientId, str(p, 'transactionKey'), str(p, 'ticket') ?? '', str(p, 'text') ?? ''],
        );
        if (inserted.rowCount)
          await client.query('SELECT pg_notify($1, $2)', [
            ACTIVITY_CHANNEL,
            JSON.stringify({ kind: 'note', id: item.clientId }),
          ]);
      });
      return;
    case 'lookup':
      await inTransaction(client, async () => {
        const inserted = await client.query(
          `INSERT INTO lookups (client_id, transaction_id, query) VALUES ($1, $2, $3)
           ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
          [item.clientId, str(p, 'transactionId'), str(p, 'query') ?? ''],
        );
        if (inserted.rowCount)
          await client.query('SELECT pg_notify($1, $2)', [
            ACTIVITY_CHANNEL,
            JSON.stringify({ kind: 'lookup', id: item.clientId }),
          ]);
      });
      return;
    case 'reveal':
      await client.query(
        `INSERT INTO reveal_audit (client_id, transaction_id, field, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_id) DO NOTHING`,
        [item.clientId, str(p, 'transactionId'), str(p, 'field'), str(p, 'reason') ?? ''],
      );
      return;
  }
}
