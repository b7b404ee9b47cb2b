/**
 * One pg connection shared by the outbox drain, the activity relay, the pull and searches: each unit of
 * work waits its turn. pg deprecates (and pg@9 drops) sending a query while another runs on the same
 * client, and a drain item's BEGIN…COMMIT must not have another caller's query slip inside it.
 */
import type { ClientBase, QueryResult, QueryResultRow } from 'pg';

/** What work made of independent queries (the pull's pages) needs from a connection. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

export class ClientQueue implements Queryable {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly client: ClientBase) {}

  /** Runs `work` alone on the connection, after everything queued before it settled (failed or not). */
  run<T>(work: (client: ClientBase) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => work(this.client));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** One query, in its turn: between two of them other work may run (as between the pull's pages). */
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    return this.run((client) => client.query<R>(text, values));
  }
}
