/**
 * The desk at work, in a process of its own (so its 50 connections never share an event loop with what is
 * measured): one connection per agent, each its own login role, each writing a note or a lookup on a
 * transaction of its merchant about once a second, through the console's own write path
 * (`applyOutboxItem`, one database transaction per item with a client id). Prints `ready` once every agent
 * is connected; on SIGTERM prints `done <writes> <errors>` and exits.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { applyOutboxItem } from '../../../src-main/team/workspace-writes';
import { merchantOf, ticketOf, transactionIdOf } from './seed';

interface LoadConfig {
  agents: { url: string; merchantId: string }[];
  rows: number;
  stride: number;
  /** Mean pause between one agent's writes. */
  intervalMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as LoadConfig;
let writes = 0;
let errors = 0;
let stopping = false;

/** A transaction of `merchantId`, drawn at random over the whole history. */
function transactionOf(merchantId: string): number {
  for (let tries = 0; tries < 10_000; tries += 1) {
    const n = 1 + Math.floor(Math.random() * config.rows);
    if (merchantOf(n, config.stride) === merchantId) return n;
  }
  // Never spin: a merchant without transactions would block every agent of this process.
  throw new Error(`merchant ${merchantId} holds no transactions`);
}

async function agent(url: string, merchantId: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('SET synchronous_commit TO on');
  const loop = async () => {
    // Agents start spread over the interval, not in one burst.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * config.intervalMs));
    while (!stopping) {
      const note = Math.random() < 0.5;
      try {
        const n = transactionOf(merchantId);
        await applyOutboxItem(client, {
          clientId: randomUUID(),
          kind: note ? 'note' : 'lookup',
          payload: note
            ? {
                transactionKey: transactionIdOf(n),
                text: 'Customer asked again; told them it is pending.',
                ticket: ticketOf(n),
              }
            : { transactionId: transactionIdOf(n), ticket: ticketOf(n) },
        });
        writes += 1;
      } catch {
        errors += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, config.intervalMs * (0.5 + Math.random())));
    }
  };
  const running = loop();
  return async () => {
    await running;
    await client.end().catch(() => undefined);
  };
}

async function main(): Promise<void> {
  const stops = await Promise.all(config.agents.map((entry) => agent(entry.url, entry.merchantId)));
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    stopping = true;
    void Promise.all(stops.map((stop) => stop())).then(() => {
      // A pipe is written asynchronously: exit once the line is out.
      process.stdout.write(`done ${writes} ${errors}\n`, () => process.exit(0));
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`agent load: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
