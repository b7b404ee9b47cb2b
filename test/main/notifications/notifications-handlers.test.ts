import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { methods } from '@shared/contract';
import { profileSettingsSchema } from '@shared/contract/profiles';
import { ConsoleFailure } from '@shared/result';
import { storedProfileSchema } from '../../../src-main/core/profiles/profile-file';
import { createNotificationsHandlers } from '../../../src-main/core/handlers/notifications-handlers';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { candidates, deliver, sampleNotification, SECRET_B, startReceiver } from './fixtures';

type Running = Awaited<ReturnType<typeof startReceiver>>;
let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup() {
  const running: Running = await startReceiver();
  cleanups.push(running.close);
  /** Where each profile's notifications are replayed to (its configured webhook URL); the receiver by default. */
  const webhookUrls = new Map<string, string>(candidates.map((c) => [c.profileId, running.receiver.url ?? '']));
  const handlers = createNotificationsHandlers({
    journal: running.journal,
    receiver: running.receiver,
    webhookSecretOf: (profileId) => candidates.find((c) => c.profileId === profileId)?.secret ?? null,
    profiles: {
      stored: (id) => {
        const candidate = candidates.find((c) => c.profileId === id);
        if (!candidate) throw new ConsoleFailure('not-found', `There is no profile with id "${id}".`);
        return storedProfileSchema.parse({
          name: id,
          environment: 'test',
          baseUrl: 'https://gateway.example',
          terminalId: candidate.terminalId,
          variant: 'A',
          webhookUrl: webhookUrls.get(id),
          id,
          managed: false,
          createdAt: '',
          updatedAt: '',
        });
      },
    },
    masksCustomerData: () => false,
  });
  // Inputs go through the contract schema, as the dispatcher would parse them (defaults included).
  const call = {
    list: (input?: unknown) => handlers['notifications.list'](methods['notifications.list'].input.parse(input)),
    decrypt: (input: unknown) => handlers['notifications.decrypt'](methods['notifications.decrypt'].input.parse(input)),
    replay: (input: unknown) => handlers['notifications.replay'](methods['notifications.replay'].input.parse(input)),
  };
  return { ...running, handlers, call, webhookUrls };
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

  it('replays a journaled notification once, as received, to the profile’s webhook, and judges the acknowledgement', async () => {
    const { receiver, journal, call } = await setup();
    await deliver(receiver);
    const result = await call.replay({ notifications: [{ journalSeq: 1 }] });
    expect(result.allAcknowledged).toBe(true);
    expect(result).toMatchObject({ profileId: 'sandbox', url: receiver.url });
    expect(result.sends).toMatchObject([{ order: 1, httpStatus: 200, verdict: { ok: true, statusCode: '200' } }]);
    const [original, replayed] = journal.list().records;
    expect(replayed).toMatchObject({ duplicate: true, duplicateOfSeq: 1, plaintext: original?.plaintext });
    // The same bytes the gateway sent: a retry, not a new notification.
    expect(replayed?.body).toBe(original?.body);
    expect(replayed?.headers['x-initialization-vector']).toBe(original?.headers['x-initialization-vector']);
  });

  it('replays as N duplicates, and a set in reverse order', async () => {
    const { receiver, journal, call } = await setup();
    const [a, b, c] = [sampleNotification(), sampleNotification(), sampleNotification()];
    for (const json of [a, b, c]) await deliver(receiver, { json });
    const dup = await call.replay({ notifications: [{ journalSeq: 1 }], mode: 'duplicates', copies: 3 });
    expect(dup.sends).toHaveLength(3);
    expect(journal.list(3).records.map((r) => r.duplicate)).toEqual([true, true, true]);

    const rev = await call.replay({
      notifications: [{ journalSeq: 1 }, { journalSeq: 2 }, { journalSeq: 3 }],
      mode: 'reverse',
    });
    const ids = [c, b, a].map((n) => n?.notificationID);
    expect(rev.sends.map((s) => s.notificationId)).toEqual(ids);
    expect(journal.list(6).records.map((r) => r.notification?.notificationId)).toEqual(ids);
  });

  it('judges bad acknowledgements from a merchant endpoint as failures with a reason', async () => {
    const { receiver, call, webhookUrls } = await setup();
    await deliver(receiver);
    const replay = (url: string) => {
      webhookUrls.set('sandbox', url);
      return call.replay({ notifications: [{ journalSeq: 1 }] });
    };

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
  });

  it('reports an unreachable webhook as no acknowledgement', async () => {
    const { receiver, call, webhookUrls } = await setup();
    await deliver(receiver);
    const closed = await badMerchant(() => ({ status: 200, body: {} }));
    await cleanups.pop()?.();
    webhookUrls.set('sandbox', closed);
    const result = await call.replay({ notifications: [{ journalSeq: 1 }] });
    expect(result.sends[0]).toMatchObject({ httpStatus: null, verdict: { ok: false, code: 'no-response' } });
    expect(result.sends[0]?.verdict.reason).toMatch(/ECONNREFUSED/);
  });

  it('refuses to replay what cannot be replayed, before sending anything', async () => {
    const { receiver, call, journal } = await setup();
    await deliver(receiver, { secret: Buffer.alloc(32, 7).toString('base64') }); // journaled as rejected
    expect((await failureOf(call.replay({ notifications: [{ journalSeq: 1 }] }))).code).toBe('not-replayable');
    expect((await failureOf(call.replay({ notifications: [{ journalSeq: 99 }] }))).code).toBe('not-found');
    expect(journal.size).toBe(1);
  });

  it('a profile’s webhook URL must be http(s): replay can never target a file or another scheme', () => {
    const settings = { name: 'x', environment: 'test', baseUrl: 'https://g.example', terminalId: '1', variant: 'A' };
    for (const webhookUrl of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://shop.example/hook'])
      expect(profileSettingsSchema.safeParse({ ...settings, webhookUrl }).success).toBe(false);
    expect(profileSettingsSchema.safeParse({ ...settings, webhookUrl: 'https://shop.example/hook' }).success).toBe(
      true,
    );
  });
});
