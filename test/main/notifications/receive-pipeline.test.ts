/**
 * The receive pipeline decides and journals a delivery with no HTTP server in between (issue 28 §4: the
 * receiver's HTTP adapter apart from its pipeline): what the gateway would be answered, and what is kept.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerSecret } from '../../../src-main/common/redact-text';
import { DeliveryJournal } from '../../../src-main/notifications/delivery-journal';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { ReceivePipeline, type IncomingDelivery } from '../../../src-main/notifications/receive-pipeline';
import { candidates, SECRET_A, sampleNotification } from './fixtures';

let dir: string;
let journal: DeliveryJournal;
let pipeline: ReceivePipeline;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipeline-'));
  journal = await DeliveryJournal.open(join(dir, 'notifications'));
  pipeline = new ReceivePipeline({
    journal,
    secretsProvider: () => candidates,
    path: '/notifications',
    maxBodyBytes: 1024 * 1024,
    maxRejectedPerMinute: 2,
  });
});

afterEach(async () => {
  await journal.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

function delivery(json: unknown, secret = SECRET_A, overrides: Partial<IncomingDelivery> = {}): IncomingDelivery {
  const wire = encryptNotification({ secret, plaintext: JSON.stringify(json) });
  return {
    method: 'POST',
    url: '/notifications',
    headers: {
      'x-initialization-vector': [wire.iv],
      'x-authentication-tag': [wire.tag],
      authorization: ['Bearer s3cr3t-token-value'],
    },
    remoteAddress: '127.0.0.1',
    body: Buffer.from(wire.body),
    truncated: false,
    ...overrides,
  };
}

describe('notification receive pipeline without HTTP (issue 28 §4)', () => {
  it('acknowledges an authentic notification with its id only after journaling it, credentials masked', async () => {
    const notification = sampleNotification();
    const answer = await pipeline.receive(delivery(notification));
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain(String(notification.notificationID));
    const [record] = journal.list(0, 10).records;
    expect(record?.verdict).toBe('accepted');
    expect(record?.profileId).toBe('sandbox');
    expect(JSON.stringify(record?.headers)).not.toContain('s3cr3t-token-value');
  });

  it('acknowledges a notificationID whose digits read like a card number with that id, unmasked', async () => {
    // 8949666803214670 passes the Luhn check: once masked as card data, the ack named an id never sent.
    const notification = { ...sampleNotification(), notificationID: '89496668-0321-4670-be1b-d5b5b7b8e727' };
    const answer = await pipeline.receive(delivery(notification));
    expect(answer.body).toMatchObject({ notificationID: '89496668-0321-4670-be1b-d5b5b7b8e727' });
    expect(journal.list(0, 10).records[0]?.notification?.notificationId).toBe('89496668-0321-4670-be1b-d5b5b7b8e727');
  });

  it('journals no webhook secret or registered token echoed as a key or a header name; ordinary keys kept', async () => {
    const token = 'whk_tok_9f8e7d6c5b4a3210zz';
    registerSecret(token);
    const sharesARun = `${SECRET_A.slice(0, 10)}-count`;
    const notification = sampleNotification({
      [SECRET_A]: 'the webhook secret as a key',
      merchant: { [`seen ${token}`]: true, [sharesARun]: 'an ordinary key' },
    });
    const sent = delivery(notification);
    const answer = await pipeline.receive({ ...sent, headers: { ...sent.headers, [token]: ['a header name'] } });
    expect(answer.status).toBe(200);
    const [record] = journal.list(0, 10).records;
    const handedOn = JSON.stringify([record, answer]).toLowerCase();
    for (const secret of [SECRET_A, token]) expect(handedOn).not.toContain(secret.toLowerCase());
    const plaintext = JSON.parse(record!.plaintext!) as Record<string, Record<string, unknown>>;
    expect(plaintext.merchant![sharesARun]).toBe('an ordinary key');
    expect(Object.values(plaintext)).toContain('the webhook secret as a key');
    expect(Object.values(record!.headers)).toContain('a header name');
  });

  it('refuses a notification encrypted with an unknown secret (403, journaled as rejected) so the gateway retries', async () => {
    const stranger = Buffer.alloc(32, 0x33).toString('base64');
    const answer = await pipeline.receive(delivery(sampleNotification(), stranger));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'authentication-failed' });
    expect(journal.list(0, 10).records.map((item) => item.verdict)).toEqual(['rejected']);
  });

  it('answers 429 without journaling once one source floods refused deliveries', async () => {
    const garbage = delivery(sampleNotification(), SECRET_A, { body: Buffer.from('not encrypted'), headers: {} });
    for (let i = 0; i < 2; i++) expect((await pipeline.receive(garbage)).status).not.toBe(429);
    const flooded = await pipeline.receive(garbage);
    expect(flooded).toMatchObject({ status: 429, headers: { 'retry-after': '60' } });
    expect(journal.list(0, 10).records).toHaveLength(2);
    expect(pipeline.suppressedDeliveries).toBe(1);
  });

  it('answers 503 and does not acknowledge when the journal cannot record the delivery', async () => {
    await journal.close();
    const answer = await pipeline.receive(delivery(sampleNotification()));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: 'journal-unavailable' });
    expect(pipeline.journalError).not.toBeNull();
  });
});
