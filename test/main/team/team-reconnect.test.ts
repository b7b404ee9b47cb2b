/**
 * The team workspace reconnects by itself (issue 30): after the database went away and came back, with a
 * capped backoff the Settings section shows as "reconnecting in N s", and once the vault holding the
 * login's password is unlocked. Nobody clicks anything; what was queued meanwhile lands exactly once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import { TEAM_OUTBOX_FILE } from '../../../src-main/team/outbox';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { restartCluster, stopInPlace } from '../../support/pg-restart';
import {
  closeConsolesAndDb,
  startTeamWorkspaceDb,
  teamConfigFor,
  type TeamWorkspaceDb,
} from '../../support/team-workspace-db';

type Harness = Awaited<ReturnType<typeof startCore>>;

let db: TeamWorkspaceDb;
let restarted = false;
let alicePw: string;
const consoles: Harness[] = [];
const BACKOFF = { first: 200, max: 1_000 };

const configure = (harness: Harness, login: string, password: string) =>
  harness.call('team.configure', teamConfigFor(db, login, password));
const status = (harness: Harness) => harness.call('team.status');
const notesWith = (body: string) =>
  db.sql<{ n: number }>('SELECT count(*)::int AS n FROM case_notes WHERE body = $1', [body]).then((rows) => rows[0]!.n);

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  alicePw = await db.addLogin('alice', 'agent');
}, 60_000);

afterAll(() => closeConsolesAndDb(consoles, db, () => restarted && stopInPlace(db.cluster)));

describe('team workspace reconnects by itself', () => {
  it('after the database was stopped and started again: "reconnecting in N s" (capped backoff), then the note queued meanwhile lands exactly once', async () => {
    const alice = await startCore({ team: { backoff: BACKOFF } });
    consoles.push(alice);
    expect((await configure(alice, 'alice', alicePw)).state).toBe('connected');
    const created = await alice.call('orders.create', { profileId: 'sandbox-a', order: orderA('reconnect-1') });
    const transactionId = created.exchange.transactionID as string;
    await expect.poll(async () => (await status(alice)).notShared, { timeout: 10_000 }).toBe(0);
    expect((await status(alice)).reconnectAt).toBeNull();

    stopInPlace(db.cluster);
    restarted = true;
    await expect.poll(async () => (await status(alice)).state, { timeout: 5_000 }).toBe('offline');
    await alice.call('support.addCaseNote', {
      transactionKey: transactionId,
      text: 'queued while stopped',
      ticket: '',
    });
    expect((await status(alice)).notShared).toBe(1);
    // Several attempts fail; each says when the next one is, never further away than the cap.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const waiting = await status(alice);
    expect(waiting.state).toBe('offline');
    expect(waiting.reconnectAt).not.toBeNull();
    const inMs = Date.parse(waiting.reconnectAt) - Date.now();
    expect(inMs).toBeGreaterThan(-500);
    expect(inMs).toBeLessThanOrEqual(BACKOFF.max);
    const changes = alice.events.filter((event) => event.name === 'team.statusChanged');
    expect(changes.some((event) => (event.payload as { reconnectAt: string | null }).reconnectAt !== null)).toBe(true);

    restartCluster(db.cluster);
    await db.reconnect();
    // No team.connect: the console finds the database again on its own.
    await expect.poll(async () => (await status(alice)).state, { timeout: 10_000, interval: 100 }).toBe('connected');
    await expect.poll(async () => (await status(alice)).notShared, { timeout: 10_000 }).toBe(0);
    expect(await notesWith('queued while stopped')).toBe(1);
    expect((await status(alice)).reconnectAt).toBeNull();
  }, 60_000);

  it('once the vault holding the password is unlocked, without anyone clicking Connect', async () => {
    const noKeychain = () => sessionOnlyStore('no D-Bus session');
    const first = await startCore({ credentials: noKeychain(), simulator: false, team: { backoff: BACKOFF } });
    consoles.push(first);
    await first.call('vault.create', { passphrase: 'a long vault phrase' });
    expect((await configure(first, 'alice', alicePw)).state).toBe('connected');
    await first.call('team.disconnect');
    await first.close();
    consoles.splice(consoles.indexOf(first), 1);

    // A new session: the vault is remembered but locked; a long backoff, so only the unlock can reconnect now.
    const second = await startCore({
      credentials: noKeychain(),
      simulator: false,
      userDataDir: first.userDataDir,
      team: { backoff: { first: 60_000, max: 60_000 } },
    });
    consoles.push(second);
    await expect.poll(async () => (await status(second)).problem?.id, { timeout: 5_000 }).toBe('teamPasswordLocked');
    expect((await status(second)).state).toBe('offline');
    expect((await status(second)).reconnectAt).not.toBeNull();
    await second.call('vault.unlock', { passphrase: 'a long vault phrase' });
    await expect.poll(async () => (await status(second)).state, { timeout: 5_000, interval: 50 }).toBe('connected');
    expect((await status(second)).problem).toBeNull();
  }, 60_000);

  it('a reveal queued by an earlier version and refused by the database is dropped, not held forever', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'gc-core-'));
    const line = {
      op: 'add',
      item: { clientId: randomUUID(), kind: 'reveal', payload: { transactionId: 'x', field: 'email', reason: 'old' } },
    };
    await writeFile(join(userDataDir, TEAM_OUTBOX_FILE), `${JSON.stringify(line)}\n`);
    const agent = await startCore({ userDataDir, team: { backoff: BACKOFF } });
    consoles.push(agent);
    await configure(agent, 'alice', alicePw);
    await expect.poll(async () => (await status(agent)).notShared, { timeout: 10_000 }).toBe(0);
    expect((await status(agent)).problem).toBeNull();
  }, 30_000);
});
