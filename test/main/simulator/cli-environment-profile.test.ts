/**
 * The CI recipe with the CLI alone: a profile from GATEWAY_* variables, `create` then `mbway` or
 * `reference` then `status`, each a separate command (a separate core, as separate processes would be),
 * against the simulator. The signature the create answered is kept encrypted between the commands.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { createCommand } from '../../../src-main/cli/create-command';
import { mbwayCommand } from '../../../src-main/cli/mbway-command';
import { referenceCommand } from '../../../src-main/cli/reference-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { Harness, validOrderA } from './harness';

let h: Harness;
let dir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  h = await Harness.start();
  dir = await mkdtemp(join(tmpdir(), 'cli-env-'));
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  process.env = { ...savedEnv };
});

const run = async (command: typeof createCommand, args: string[]) => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  const code = await command.runWith([...args, '--user-data-dir', dir], io);
  return { code, ...out };
};

const environment = (baseUrl = h.sim.url) =>
  Object.assign(process.env, {
    GATEWAY_BASE_URL: baseUrl,
    GATEWAY_TOKEN: h.terminalA.token,
    GATEWAY_CLIENT_ID: h.sim.clientId,
    GATEWAY_TERMINAL_ID: h.terminalA.terminalId,
    GATEWAY_VARIANT: 'A',
  });

let orders = 0;
const create = async () => {
  const order = validOrderA();
  order.merchant.merchantTransactionId = `ci-${(orders += 1)}`;
  const file = join(dir, `order-${orders}.json`);
  await writeFile(file, JSON.stringify(order));
  const created = await run(createCommand, ['--file', file, '--json']);
  expect(created.code, created.stderr).toBe(0);
  const exchange = JSON.parse(created.stdout);
  return { id: exchange.transactionID as string, bodyText: exchange.response.bodyText as string };
};

describe('create → MB WAY / reference → status with GATEWAY_* variables only', () => {
  it('MB WAY: the follow-up finds the signature the create answered (masked in the output)', async () => {
    environment();
    const { id, bodyText } = await create();
    expect(JSON.parse(bodyText).transactionSignature).toMatch(/^••••/);
    const mbway = await run(mbwayCommand, [id, '--phone', '351#912345678']);
    expect(mbway.code, mbway.stderr).toBe(0);
    expect(mbway.stdout).toMatch(/paymentStatus: Pending/);
    await h.advance(10); // the magic shopper approves after 5 s
    const status = await run(statusCommand, [id]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/paymentStatus: Success/);
  });

  it('reference: generated with the kept signature; a base URL ending in "/" is the same gateway', async () => {
    environment(`${h.sim.url}/`);
    const { id } = await create();
    const reference = await run(referenceCommand, [id, '--json']);
    expect(reference.code, reference.stderr).toBe(0);
    expect(JSON.parse(reference.stdout).url).toBe(`${h.sim.apiUrl}/payments/${id}/service-reference/generate`);
    expect(JSON.parse(JSON.parse(reference.stdout).response.bodyText).paymentReference.reference).toMatch(/^\d{9}$/);
  });

  it('kept encrypted, per gateway origin and terminal: no signature in clear, none for another terminal', async () => {
    environment();
    const { id } = await create();
    const files = await readdir(join(dir, 'environment-signatures'));
    expect(files.length).toBeGreaterThan(0);
    const stored = (await h.control('GET', `/transactions/${id}`)).body;
    for (const name of files) {
      const text = await readFile(join(dir, 'environment-signatures', name), 'utf8');
      // A journal: every line its own encrypted envelope.
      for (const line of text.split('\n').filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ v: 2 });
      expect(text).not.toContain(id);
      expect(text).not.toContain(stored.merchantTransactionId ?? 'ci-');
    }
    // Terminal B of the same simulator has its own store: it does not see terminal A's transaction.
    Object.assign(process.env, {
      GATEWAY_TOKEN: h.terminalB.token,
      GATEWAY_TERMINAL_ID: h.terminalB.terminalId,
      GATEWAY_VARIANT: 'B',
    });
    const other = await run(referenceCommand, [id]);
    expect(other.code).toBe(3);
    expect(other.stderr).toMatch(/No transactionSignature is stored/);
  });
});

describe('a CI shard in its own simulator world (issue 26): the unmodified CLI, only its base URL changed', () => {
  it('create → reference → status in world shard-7; the default world and another world never see it', async () => {
    for (const id of ['shard-7', 'shard-8']) expect((await h.control('POST', '/worlds', { id })).status).toBe(201);
    environment(`${h.sim.url}/worlds/shard-7`);
    const { id } = await create();
    const reference = await run(referenceCommand, [id, '--json']);
    expect(reference.code, reference.stderr).toBe(0);
    expect(JSON.parse(reference.stdout).url).toBe(
      `${h.sim.url}/worlds/shard-7${h.sim.basePath}/${h.sim.version}/payments/${id}/service-reference/generate`,
    );
    expect((await run(statusCommand, [id])).stdout).toMatch(/paymentStatus: Pending/);
    expect((await h.call('GET', `${h.sim.url}/worlds/shard-7/__simulator/transactions/${id}`)).status).toBe(200);
    expect((await h.control('GET', `/transactions/${id}`)).status).toBe(404);
    environment(`${h.sim.url}/worlds/shard-8`);
    const elsewhere = await run(statusCommand, [id, '--json']);
    expect(JSON.parse(elsewhere.stdout).response.status).toBe(404);
  });
});

describe('checked before sending (integrator pain points)', () => {
  const createWith = async (change: (order: ReturnType<typeof validOrderA>) => void, extra: string[] = []) => {
    const order = validOrderA();
    order.merchant.merchantTransactionId = `ci-${(orders += 1)}`;
    change(order);
    const file = join(dir, `order-${orders}.json`);
    await writeFile(file, JSON.stringify(order));
    return run(createCommand, ['--file', file, '--json', ...extra]);
  };
  const transactionsCount = async () => ((await h.control('GET', '/transactions')).body as unknown[]).length;

  it('a Multibanco window under 24 hours is not sent without --accept-warnings', async () => {
    environment();
    const shortWindow = (order: ReturnType<typeof validOrderA>) =>
      Object.assign(order.transaction, {
        paymentReference: { initialDatetime: '2026-11-21T10:00:00Z', finalDatetime: '2026-11-21T11:00:00Z' },
      });
    const before = await transactionsCount();
    const refused = await createWith(shortWindow);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/valid for 60 minutes, less than 24 hours/);
    expect(refused.stderr).toContain('transaction.paymentReference.finalDatetime');
    expect(await transactionsCount()).toBe(before);
    // Confirmed: sent, and the simulator accepts it as the gateway does.
    const sent = await createWith(shortWindow, ['--accept-warnings']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(await transactionsCount()).toBe(before + 1);
    // A full day needs no confirmation.
    const day = await createWith((order) =>
      Object.assign(order.transaction, {
        paymentReference: { initialDatetime: '2026-11-21T10:00:00Z', finalDatetime: '2026-11-22T10:00:00Z' },
      }),
    );
    expect(day.code, day.stderr).toBe(0);
  });

  it('MB WAY on an order without MBWAY, a reference on one without REFERENCE: refused, unless QA overrides', async () => {
    environment();
    const cardOnly = JSON.parse((await createWith((order) => (order.transaction.paymentMethod = ['CARD']))).stdout)
      .transactionID as string;
    const before = (await h.control('GET', `/transactions/${cardOnly}`)).body;

    const mbway = await run(mbwayCommand, [cardOnly, '--phone', '351#912345678']);
    expect(mbway.code).toBe(3);
    expect(mbway.stderr).toMatch(/needs MBWAY in the order's paymentMethod list \(CARD\)/);
    const reference = await run(referenceCommand, [cardOnly]);
    expect(reference.code).toBe(3);
    expect(reference.stderr).toMatch(/needs REFERENCE in the order's paymentMethod list/);
    expect((await h.control('GET', `/transactions/${cardOnly}`)).body).toEqual(before); // nothing reached it

    // The override sends it, and the simulator answers what the gateway would: 409, E0501.
    const forced = await run(mbwayCommand, [
      cardOnly,
      '--phone',
      '351#912345678',
      '--json',
      '--allow-method-not-in-order',
    ]);
    expect(forced.code).toBe(11);
    const exchange = JSON.parse(forced.stdout);
    expect(exchange.response.status).toBe(409);
    expect(exchange.returnStatus).toMatchObject({ statusCode: 'E0501' });
    const forcedReference = await run(referenceCommand, [cardOnly, '--json', '--allow-method-not-in-order']);
    expect(JSON.parse(forcedReference.stdout).response.status).toBe(409);
  });
});
