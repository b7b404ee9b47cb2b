import { appendFile, readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';

let harness: Awaited<ReturnType<typeof startCore>>;
/** Two orders this console created, with customer data: only transactions main knows can be revealed. */
const known: string[] = [];
beforeAll(async () => {
  harness = await startCore();
  for (const email of ['first@example.com', 'second@example.com']) {
    const order = { ...orderA(), customer: { customerInfo: { customerEmail: email, customerPhone: '+351912000111' } } };
    known.push((await harness.call('orders.create', { profileId: 'sandbox-a', order })).exchange.transactionID);
  }
  await harness.call('profiles.save', {
    settings: {
      name: 'Live desk',
      environment: 'production',
      baseUrl: 'http://127.0.0.1:9',
      terminalId: '1000009',
      variant: 'A',
      lookupOnly: true,
    },
    productionConfirmation: { profileName: 'Live desk' },
  });
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const profileId = async () =>
  (await harness.call('profiles.list')).profiles.find((p: { name: string }) => p.name === 'Live desk').id as string;

describe('reveal audit log', () => {
  it('appends one entry per reveal (when, profile, transaction, field, reason) in the user-data folder', async () => {
    const id = await profileId();
    const first = await harness.call('support.reveal', {
      profileId: id,
      transactionId: known[0],
      field: 'email',
      reason: 'Ticket #4411: customer asks which address got the receipt',
    });
    expect(first.entry).toMatchObject({ profileId: id, profileName: 'Live desk', field: 'email' });
    expect(Date.parse(first.entry.at)).toBeGreaterThan(Date.now() - 60_000);
    await harness.call('support.reveal', {
      profileId: id,
      transactionId: known[1],
      field: 'phone',
      reason: 'Ticket #4412 callback',
    });
    const log = await harness.call('support.auditLog');
    expect(log.entries.map((entry: { field: string }) => entry.field)).toEqual(['email', 'phone']);
    expect(log.path).toBe(join(harness.userDataDir, 'support-audit.jsonl'));
    const lines = (await readFile(log.path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!).reason).toContain('Ticket #4411');
  });

  it('refuses a reveal without a real reason or for an unknown profile, and writes nothing', async () => {
    const id = await profileId();
    const before = (await harness.call('support.auditLog')).entries.length;
    const noReason = await harness.core.dispatch('support.reveal', {
      profileId: id,
      transactionId: known[0],
      field: 'name',
      reason: '  ok ',
    });
    expect(noReason).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(noReason.ok ? '' : noReason.error.message).toMatch(/reason/i);
    const ghost = await harness.core.dispatch('support.reveal', {
      profileId: 'nobody',
      transactionId: known[0],
      field: 'name',
      reason: 'Ticket 1 for a ghost',
    });
    expect(ghost).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect((await harness.call('support.auditLog')).entries).toHaveLength(before);
  });

  it('a damaged line is reported and kept, the others still read', async () => {
    const { path } = await harness.call('support.auditLog');
    await appendFile(path, 'not json\n');
    const log = await harness.call('support.auditLog');
    expect(log.entries).toHaveLength(2);
    expect(log.problems).toEqual([expect.stringContaining('Line 3')]);
    expect(await readFile(path, 'utf8')).toContain('not json');
  });
});

describe('issue 27 item 8: the reveal audit log records which agent revealed', () => {
  it('each entry carries the OS user main runs under and the agent name set in Settings', async () => {
    const id = await profileId();
    const agent = await harness.call('support.setAgentName', { agentName: 'Ana Sousa' });
    expect(agent).toEqual({ osUser: userInfo().username, agentName: 'Ana Sousa' });
    const { entry } = await harness.call('support.reveal', {
      profileId: id,
      transactionId: known[0],
      field: 'email',
      reason: 'Ticket #4413: confirm the receipt address',
    });
    expect(entry).toMatchObject({ osUser: userInfo().username, agentName: 'Ana Sousa' });
    const lines = (await readFile(join(harness.userDataDir, 'support-audit.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ osUser: userInfo().username, agentName: 'Ana Sousa' });
  });

  it('the renderer cannot choose who is recorded: an agent field in the reveal input is refused', async () => {
    const forged = await harness.core.dispatch('support.reveal', {
      profileId: await profileId(),
      transactionId: known[0],
      field: 'email',
      reason: 'Ticket 77 forged signer',
      agentName: 'Someone else',
      osUser: 'root',
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('an agent name with control or bidi characters is refused and the stored name is kept', async () => {
    await harness.call('support.setAgentName', { agentName: 'Ana Sousa' });
    for (const agentName of ['Ana\nSousa', 'Ana\u001b[31m', 'Ana\u202eSousa']) {
      const bad = await harness.core.dispatch('support.setAgentName', { agentName });
      expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect((await harness.call('support.agent')).agentName).toBe('Ana Sousa');
  });

  it('the agent name survives a restart (main keeps it in the user-data folder)', async () => {
    await harness.call('support.setAgentName', { agentName: 'Rui' });
    const again = await startCore({ simulator: false, userDataDir: harness.userDataDir });
    try {
      expect((await again.call('support.agent')).agentName).toBe('Rui');
    } finally {
      await again.close();
    }
  });
});
