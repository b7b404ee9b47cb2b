import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { methods } from '@shared/contract';
import { ConsoleFailure } from '@shared/result';
import { createNotificationsHandlers } from '../../../src-main/core/handlers/notifications-handlers';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { candidates, deliver, sampleNotification, SECRET_A, SECRET_B, startReceiver } from './fixtures';

type Running = Awaited<ReturnType<typeof startReceiver>>;
let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup() {
  const running: Running = await startReceiver();
  cleanups.push(running.close);
  const handlers = createNotificationsHandlers({
    journal: running.journal,
    receiver: running.receiver,
    webhookSecretOf: (profileId) => candidates.find((c) => c.profileId === profileId)?.secret ?? null,
    masksCustomerData: () => false,
  });
  // Inputs go through the contract schema, as the dispatcher would parse them (defaults included).
  const call = {
    list: (input?: unknown) => handlers['notifications.list'](methods['notifications.list'].input.parse(input)),
    decrypt: (input: unknown) => handlers['notifications.decrypt'](methods['notifications.decrypt'].input.parse(input)),
    replay: (input: unknown) => handlers['notifications.replay'](methods['notifications.replay'].input.parse(input)),
  };
  return { ...running, handlers, call };
}

/** A merchant endpoint that answers every notification with the given (bad) acknowledgement. */
async function badMerchant(answer: () => { status: number; body: unknown }): Promise<string> {
  const server: Server = createServer((_req, res) => {
    const { status, body } = answer();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const failureOf = async (promise: Promise<unknown> | unknown): Promise<ConsoleFailure> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConsoleFailure) return error;
    throw error;
  }
  throw new Error('expected a ConsoleFailure');
};

describe('notifications handlers', () => {
  it('lists the journal in pages and reports the receiver', async () => {
    const { receiver, call, handlers } = await setup();
    for (let i = 0; i < 3; i += 1) await deliver(receiver);
    const first = await call.list({ limit: 2 });
    expect(first.records.map((r) => r.seq)).toEqual([1, 2]);
    expect(first.hasMore).toBe(true);
    const rest = await call.list({ after: first.nextCursor });
    expect(rest.records.map((r) => r.seq)).toEqual([3]);
    expect((await call.list()).records).toHaveLength(3);
    expect(
      methods['notifications.receiverStatus'].output.parse(handlers['notifications.receiverStatus']({})),
    ).toMatchObject({
      listening: true,
      deliveries: 3,
      url: receiver.url,
    });
  });

  it('paste-to-decrypt with a profile secret (resolved in main) or a typed one, returning the parsed view', async () => {
    const { call } = await setup();
    const json = sampleNotification();
    const wire = encryptNotification({ secret: SECRET_B, plaintext: JSON.stringify(json) });
    const byProfile = await call.decrypt({ secret: { profileId: 'test-shop' }, ...wire });
    expect(byProfile).toMatchObject({
      json,
      parseProblem: null,
      notification: { merchantOrderId: expect.any(String) },
    });
    expect(JSON.stringify(byProfile)).not.toContain(SECRET_B);
    const typed = await call.decrypt({ secret: { typed: SECRET_B }, ...wire });
    expect(typed.plaintext).toBe(JSON.stringify(json));
  });

  it('paste-to-decrypt explains failures with their specific code', async () => {
    const { call } = await setup();
    const wire = encryptNotification({ secret: SECRET_B, plaintext: '{"no":"id"}' });
    expect((await failureOf(call.decrypt({ secret: { profileId: 'sandbox' }, ...wire }))).code).toBe(
      'authentication-failed',
    );
    expect((await failureOf(call.decrypt({ secret: { profileId: 'nobody' }, ...wire }))).code).toBe(
      'no-webhook-secret',
    );
    expect((await failureOf(call.decrypt({ secret: { typed: 'abc' }, ...wire }))).code).toBe('secret-wrong-length');
    // Decrypts, but is not a notification: the plaintext is still shown, with the reason.
    const notNotification = await call.decrypt({ secret: { typed: SECRET_B }, ...wire });
    expect(notNotification).toMatchObject({
      notification: null,
      parseProblem: expect.stringMatching(/notificationID/),
    });
  });

  it('replays a journaled notification once, with a fresh IV, and judges the acknowledgement', async () => {
    const { receiver, journal, call } = await setup();
    await deliver(receiver);
    const result = await call.replay({
      url: receiver.url,
      secret: { profileId: 'sandbox' },
      notifications: [{ journalSeq: 1 }],
    });
    expect(result.allAcknowledged).toBe(true);
    expect(result.sends).toMatchObject([{ order: 1, httpStatus: 200, verdict: { ok: true, statusCode: '200' } }]);
    const [original, replayed] = journal.list().records;
    expect(replayed).toMatchObject({ duplicate: true, duplicateOfSeq: 1, plaintext: original?.plaintext });
    expect(replayed?.headers['x-initialization-vector']).not.toBe(original?.headers['x-initialization-vector']);
  });

  it('replays as N duplicates, and a set in reverse order', async () => {
    const { receiver, journal, call } = await setup();
    const [a, b, c] = [sampleNotification(), sampleNotification(), sampleNotification()];
    const dup = await call.replay({
      url: receiver.url,
      secret: { typed: SECRET_A },
      notifications: [{ json: a }],
      mode: 'duplicates',
      copies: 3,
    });
    expect(dup.sends).toHaveLength(3);
    expect(journal.list().records.map((r) => r.duplicate)).toEqual([false, true, true]);

    const rev = await call.replay({
      url: receiver.url,
      secret: { typed: SECRET_A },
      notifications: [{ json: a }, { json: b }, { json: c }],
      mode: 'reverse',
    });
    const ids = [c, b, a].map((n) => n?.notificationID);
    expect(rev.sends.map((s) => s.notificationId)).toEqual(ids);
    expect(journal.list(3).records.map((r) => r.notification?.notificationId)).toEqual(ids);
  });

  it('judges bad acknowledgements from a merchant endpoint as failures with a reason', async () => {
    const { call } = await setup();
    const json = sampleNotification();
    const replay = (url: string) => call.replay({ url, secret: { typed: SECRET_A }, notifications: [{ json }] });

    const wrongId = await replay(
      await badMerchant(() => ({
        status: 200,
        body: { statusCode: '200', statusMsg: 'Success', notificationID: 'someone-else' },
      })),
    );
    expect(wrongId.allAcknowledged).toBe(false);
    expect(wrongId.sends[0]?.verdict).toMatchObject({ ok: false, code: 'notification-id' });

    const serverError = await replay(await badMerchant(() => ({ status: 500, body: { error: 'boom' } })));
    expect(serverError.sends[0]).toMatchObject({
      httpStatus: 500,
      verdict: { ok: false, code: 'http-status' },
      responseBody: '{"error":"boom"}',
    });

    // A receiver that refuses (wrong secret chosen) is judged the same way.
    const { receiver } = await setup();
    const refused = await call.replay({
      url: receiver.url ?? '',
      secret: { typed: Buffer.alloc(32, 3).toString('base64') },
      notifications: [{ json }],
    });
    expect(refused.sends[0]).toMatchObject({ httpStatus: 403, verdict: { ok: false, code: 'http-status' } });
  });

  it('reports an unreachable URL as no acknowledgement', async () => {
    const { call } = await setup();
    const closed = await badMerchant(() => ({ status: 200, body: {} }));
    await cleanups.pop()?.();
    const result = await call.replay({
      url: closed,
      secret: { typed: SECRET_A },
      notifications: [{ json: sampleNotification() }],
    });
    expect(result.sends[0]).toMatchObject({ httpStatus: null, verdict: { ok: false, code: 'no-response' } });
    expect(result.sends[0]?.verdict.reason).toMatch(/ECONNREFUSED/);
  });

  it('refuses to replay what cannot be replayed, before sending anything', async () => {
    const { receiver, call, journal } = await setup();
    await deliver(receiver, { secret: Buffer.alloc(32, 7).toString('base64') }); // journaled as rejected
    const url = receiver.url ?? '';
    expect(
      (await failureOf(call.replay({ url, secret: { typed: SECRET_A }, notifications: [{ journalSeq: 1 }] }))).code,
    ).toBe('not-replayable');
    expect(
      (await failureOf(call.replay({ url, secret: { typed: SECRET_A }, notifications: [{ journalSeq: 99 }] }))).code,
    ).toBe('not-found');
    expect(
      (await failureOf(call.replay({ url, secret: { typed: SECRET_A }, notifications: [{ json: { a: 1 } }] }))).code,
    ).toBe('not-a-notification');
    expect(
      (
        await failureOf(
          call.replay({ url, secret: { typed: 'short' }, notifications: [{ json: sampleNotification() }] }),
        )
      ).code,
    ).toBe('secret-not-base64');
    expect(journal.size).toBe(1);
  });

  it('the contract refuses replay targets that are not http(s)', () => {
    const input = { url: 'file:///etc/passwd', secret: { typed: SECRET_A }, notifications: [{ journalSeq: 1 }] };
    expect(methods['notifications.replay'].input.safeParse(input).success).toBe(false);
  });
});
