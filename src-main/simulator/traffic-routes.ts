/**
 * A world's shop traffic over its control API and from its notifier: `GET <control>/traffic?after=N&limit=M`
 * answers a ShopTrafficPage; `POST <control>/traffic {"recording": false}` stops (true restarts) capture;
 * `DELETE <control>/traffic` forgets what was captured. The notifier reports each POST to the shop's webhook.
 */
import { captureNotification } from '../shop/capture';
import type { ShopTrafficLog } from '../shop/traffic-log';
import type { SimClock } from './clock';
import { httpError } from './errors';
import { parseJson, readBody, sendJson } from './http-io';
import type { Notifier } from './notifier';
import type { Router } from './router';

/** A query number: absent → the default; anything but a non-negative integer → 400 naming the parameter. */
const queryNumber = (url: string | undefined, name: string, fallback: number): number => {
  const query = url?.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const value = query?.get(name);
  if (value === null || value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw httpError(400, `${name}: must be a whole number 0 or more`);
  return number;
};

export function addTrafficRoutes(router: Router, prefix: string, traffic: ShopTrafficLog): void {
  const describe = () => ({ recording: traffic.recording, entries: traffic.size, latestSeq: traffic.latestSeq });
  router
    .add('GET', `${prefix}/traffic`, ({ req, res }) =>
      sendJson(res, 200, traffic.since(queryNumber(req.url, 'after', 0), queryNumber(req.url, 'limit', 1_000))),
    )
    .add('GET', `${prefix}/traffic/recording`, ({ res }) => sendJson(res, 200, describe()))
    .add('POST', `${prefix}/traffic`, async ({ req, res }) => {
      const body = parseJson(await readBody(req, 4 * 1024)) as Record<string, unknown> | undefined;
      if (typeof body !== 'object' || body === null || typeof body.recording !== 'boolean')
        throw httpError(400, 'recording: must be true or false');
      traffic.recording = body.recording;
      sendJson(res, 200, describe());
    })
    .add('DELETE', `${prefix}/traffic`, ({ res }) => {
      traffic.clear();
      sendJson(res, 200, describe());
    });
}

/** Every POST the world's notifier makes to the shop's webhook becomes a ShopNotification. */
export function captureNotifications(
  notifier: Notifier,
  traffic: ShopTrafficLog,
  worldId: string,
  clock: SimClock,
): void {
  notifier.onAttempt = (attempt) => {
    if (!traffic.recording) return;
    const { delivery } = attempt;
    traffic.add(
      (seq) =>
        captureNotification({
          seq,
          worldId,
          via: 'world',
          sentAt: attempt.sentAt,
          worldTime: attempt.worldTime || clock.iso(),
          notificationID: delivery.notificationID,
          transactionID: delivery.transactionID,
          paymentStatus: delivery.paymentStatus,
          attempt: attempt.attempt,
          copy: delivery.duplicate,
          url: delivery.url,
          answer: attempt.httpStatus === null ? null : { status: attempt.httpStatus, body: attempt.responseBody },
          durationMs: attempt.durationMs,
          acknowledged: attempt.verdict.ok,
          ackProblem: attempt.verdict.ok ? null : attempt.verdict.code,
          fault: attempt.fault,
          secrets: [attempt.secret],
        }),
      attempt.responseBody.length,
    );
  };
}
