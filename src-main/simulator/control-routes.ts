/** The control API under /__simulator: loopback callers only, absent with `--no-control`. */
import type { IncomingMessage } from 'node:http';
import type { SimulatorControl } from './control';
import { httpError } from './errors';
import { parseJson, readBody, sendJson } from './http-io';
import type { ResolvedOptions } from './options';
import type { Router } from './router';

export const CONTROL_PREFIX = '/__simulator';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (req: IncomingMessage): boolean => LOOPBACK.has(req.socket.remoteAddress ?? '');

export const objectBody = async (req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> => {
  const body = parseJson(await readBody(req, maxBytes));
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw httpError(400, 'The body must be a JSON object.');
  return body as Record<string, unknown>;
};

export function addControlRoutes(
  router: Router,
  control: SimulatorControl,
  options: ResolvedOptions,
  describe: () => unknown,
): void {
  const max = options.maxBodyBytes;
  router
    .add('GET', CONTROL_PREFIX, ({ res }) => sendJson(res, 200, describe()))
    .add('GET', `${CONTROL_PREFIX}/clock`, ({ res }) => sendJson(res, 200, control.clockView()))
    .add('POST', `${CONTROL_PREFIX}/clock`, async ({ req, res }) => {
      const body = await objectBody(req, max);
      sendJson(res, 200, await control.advanceClock(body.advanceSeconds as number));
    })
    .add('GET', `${CONTROL_PREFIX}/transactions`, ({ res }) => sendJson(res, 200, control.transactions()))
    .add('GET', `${CONTROL_PREFIX}/transactions/:id`, ({ res, params }) =>
      sendJson(res, 200, control.transaction(params.id ?? '')),
    )
    .add('POST', `${CONTROL_PREFIX}/transactions/:id/complete`, async ({ req, res, params }) => {
      const body = await objectBody(req, max);
      sendJson(res, 200, await control.complete(params.id ?? '', body.paymentStatus));
    })
    .add('POST', `${CONTROL_PREFIX}/transactions/:id/shopper`, async ({ req, res, params }) => {
      const body = await objectBody(req, max);
      sendJson(res, 200, await control.shopperOutcome(params.id ?? '', body.outcome));
    })
    .add('GET', `${CONTROL_PREFIX}/shopper`, ({ res }) => sendJson(res, 200, control.worldShopper()))
    .add('POST', `${CONTROL_PREFIX}/shopper`, async ({ req, res }) => {
      const body = await objectBody(req, max);
      sendJson(res, 200, control.setWorldShopper({ outcome: body.outcome, step: body.step }));
    })
    .add('GET', `${CONTROL_PREFIX}/notifications`, ({ res }) => sendJson(res, 200, control.deliveries()))
    .add('POST', `${CONTROL_PREFIX}/reset`, ({ res }) => sendJson(res, 200, control.reset()));
}
