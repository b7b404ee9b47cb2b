import { describe, expect, it } from 'vitest';
import { buildNotificationAck, judgeNotificationAck } from '@shared/notification-ack';

const id = '6c0a1b9e-2f0e-4d55-9f7e-0a2b3c4d5e6f';
const answer = (body: unknown, status = 200) => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('notification acknowledgements', () => {
  it('the receiver sends statusCode "200", statusMsg "Success" and echoes the id', () => {
    expect(buildNotificationAck(id)).toEqual({ statusCode: '200', statusMsg: 'Success', notificationID: id });
    expect(judgeNotificationAck(id, answer(buildNotificationAck(id)))).toMatchObject({ ok: true, statusCode: '200' });
  });

  it.each([['200'], [200], ['000']])('a sender accepts statusCode %j', (statusCode) => {
    const verdict = judgeNotificationAck(id, answer({ statusCode, statusMsg: 'Success', notificationID: id }));
    expect(verdict).toMatchObject({ ok: true, statusCode });
  });

  it.each([
    ['a non-200 HTTP status', answer(buildNotificationAck(id), 500), 'http-status', /HTTP 500/],
    ['HTTP 201', answer(buildNotificationAck(id), 201), 'http-status', /HTTP 201/],
    ['a wrong id', answer({ ...buildNotificationAck(id), notificationID: 'other' }), 'notification-id', /"other"/],
    ['no id', answer({ statusCode: '200', statusMsg: 'Success' }), 'notification-id', /nothing/],
    ['a wrong statusMsg', answer({ ...buildNotificationAck(id), statusMsg: 'OK' }), 'status-msg', /"OK"/],
    ['statusCode 0', answer({ ...buildNotificationAck(id), statusCode: 0 }), 'status-code', /0/],
    ['statusCode "999"', answer({ ...buildNotificationAck(id), statusCode: '999' }), 'status-code', /"999"/],
    ['an empty body', answer(''), 'body-not-json', /not a JSON/],
    ['a text "OK"', answer('OK'), 'body-not-json', /not a JSON/],
    ['a JSON array', answer([buildNotificationAck(id)]), 'body-not-json', /not a JSON/],
  ] as const)('a sender rejects %s, naming why', (_label, response, code, reason) => {
    const verdict = judgeNotificationAck(id, response);
    expect(verdict).toMatchObject({ ok: false, code });
    expect(verdict.reason).toMatch(reason);
  });

  it('no answer at all is a failure', () => {
    expect(judgeNotificationAck(id, { error: 'connection refused' })).toEqual({
      ok: false,
      code: 'no-response',
      reason: 'No acknowledgement: connection refused.',
    });
  });
});
