/**
 * Test controls a QA scenario (or a tester on the order card) arms on the Sandbox: make the next gateway
 * call answer an error of the spec's table (or 999), and bend the next notification of a transaction —
 * fail its acknowledgement, send it twice, hold it back so a later one overtakes it — or deliver the last
 * one again. Armed controls are one-shot: each is consumed by the call or notification it applies to.
 */
import { mainText } from '@shared/console-text';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NEXT_CALL_STATUSES, type NextCallStatus } from '@shared/qa/sandbox-controls';
import { callFaultSchema, NOTIFICATION_CHAOS, type CallFault, type NotificationChaos } from '@shared/shop/shop-faults';
import { createRandom, type Random } from './random';
import { httpError } from './errors';
import { drainBody, parseJson, readBody, sendError, sendJson } from './http-io';
import type { Router } from './router';
import { markShopFault } from './shop-capture';

export interface ArmedFaults {
  nextCalls: NextCallStatus[];
  deliveries: Array<{
    transactionId: string;
    control: Exclude<NotificationChaos, 'redeliver'>;
    remaining: number;
    /** For `delay`: how long the notification is held back (world seconds). */
    seconds?: number;
  }>;
  /** Faults armed for the shop's next calls (shop-faults.ts), with how many calls each still applies to. */
  calls: Array<CallFault & { remaining: number }>;
}

/** Answers a call with an HTTP status of the error table, in the gateway's error shape (999: 200 + statusCode 999). */
export function answerStatus(res: ServerResponse, status: NextCallStatus): void {
  markShopFault(res, status === 999 ? 'status-999' : `http-${status}`);
  if (status === 999) {
    sendJson(res, 200, {
      returnStatus: {
        statusCode: '999',
        statusMsg: 'Validation Request Failed',
        statusDescription: 'The request could not be validated. Please try again. (Sandbox control: next call 999)',
      },
    });
    return;
  }
  sendError(
    res,
    httpError(status, `Simulated ${status} (Sandbox control: next call answers ${status}).`, {
      headers: status === 429 ? { 'Retry-After': '1' } : status === 405 ? { Allow: 'GET, POST' } : {},
    }),
  );
}

export class QaFaults {
  private readonly nextCalls: NextCallStatus[] = [];
  private readonly deliveryControls: ArmedFaults['deliveries'] = [];
  private readonly callFaults: ArmedFaults['calls'] = [];

  /** Draws latencies of ranged faults: seeded per world, so a session replays with the same delays. */
  constructor(readonly random: Random = createRandom()) {}
  /** Set by the notifier: re-sends the last notification of a transaction (the `redeliver` control). */
  redeliver: (transactionId: string) => boolean = () => false;

  armNextCall(status: unknown): ArmedFaults {
    if (!(NEXT_CALL_STATUSES as readonly unknown[]).includes(status))
      throw httpError(400, `status: must be one of ${NEXT_CALL_STATUSES.join(', ')}`);
    this.nextCalls.push(status as NextCallStatus);
    return this.armed();
  }

  armDelivery(transactionId: unknown, control: unknown, times: unknown = 1, seconds?: unknown): ArmedFaults {
    if (typeof transactionId !== 'string' || !transactionId) throw httpError(400, 'transactionId: is required');
    if (!(NOTIFICATION_CHAOS as readonly unknown[]).includes(control))
      throw httpError(400, `control: must be one of ${NOTIFICATION_CHAOS.join(', ')}`);
    if (
      control === 'delay' &&
      (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)
    )
      throw httpError(400, 'seconds: is required for "delay": a whole number of world seconds from 1 to 86400');
    if (control === 'redeliver') {
      if (!this.redeliver(transactionId)) throw httpError(404, mainText('simNothingToRedeliver', { transactionId }));
      return this.armed();
    }
    const count = typeof times === 'number' && Number.isInteger(times) && times > 0 && times <= 20 ? times : 1;
    this.deliveryControls.push({
      transactionId,
      control: control as 'failAck',
      remaining: count,
      ...(control === 'delay' ? { seconds: seconds as number } : {}),
    });
    return this.armed();
  }

  armed(): ArmedFaults {
    return {
      nextCalls: [...this.nextCalls],
      deliveries: this.deliveryControls.map((entry) => ({ ...entry })),
      calls: this.callFaults.map((entry) => ({ ...entry })),
    };
  }

  /** Called for every gateway request: answers it with the armed fault and returns true, if one is armed. */
  async intercept(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const status = this.nextCalls.shift();
    if (status === undefined) return false;
    await drainBody(req);
    answerStatus(res, status);
    return true;
  }

  /** Arms a fault for the shop's next calls (shop-faults.ts); 400 naming the field when it is not one. */
  armCallFault(input: unknown): ArmedFaults {
    const parsed = callFaultSchema.safeParse(input);
    if (!parsed.success)
      throw httpError(
        400,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'fault'}: ${issue.message}`).join('; '),
      );
    if (this.callFaults.length >= 100) throw httpError(409, 'At most 100 call faults can be armed at once.');
    this.callFaults.push({ ...parsed.data, remaining: parsed.data.times ?? 1 });
    return this.armed();
  }

  clearCallFaults(): ArmedFaults {
    this.callFaults.length = 0;
    return this.armed();
  }

  /** Whether a next-call answer is armed (the Sandbox control). */
  get hasNextCall(): boolean {
    return this.nextCalls.length > 0;
  }

  /** Whether any call fault is armed: the server looks for one only then (the hot path stays as it was). */
  get hasCallFaults(): boolean {
    return this.callFaults.length > 0;
  }

  /** The first armed call fault for this endpoint (or for any), used up by this call. */
  takeCallFault(operation: string | null): CallFault | null {
    const index = this.callFaults.findIndex((fault) => fault.operation === undefined || fault.operation === operation);
    if (index < 0) return null;
    const fault = this.callFaults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.callFaults.splice(index, 1);
    const { remaining: _remaining, ...taken } = fault;
    return taken;
  }

  /** The notifier asks whether a control applies to this transaction's next notification (consumes it). */
  take(transactionId: string, control: Exclude<NotificationChaos, 'redeliver'>): boolean {
    return this.takeDelivery(transactionId, control) !== null;
  }

  /** Like take, with the armed entry (a `delay` carries its seconds); null when none applies. */
  takeDelivery(
    transactionId: string,
    control: Exclude<NotificationChaos, 'redeliver'>,
  ): ArmedFaults['deliveries'][number] | null {
    if (this.deliveryControls.length === 0) return null;
    const entry = this.deliveryControls.find(
      (item) => item.transactionId === transactionId && item.control === control,
    );
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.deliveryControls.splice(this.deliveryControls.indexOf(entry), 1);
    return entry;
  }
}

const objectBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const body = parseJson(await readBody(req, 64 * 1024));
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw httpError(400, 'The body must be a JSON object.');
  return body as Record<string, unknown>;
};

/**
 * `/__simulator/faults`: GET what is armed; POST `{nextCall: 503}`, `{transactionId, delivery: "failAck", times}`
 * (or `"delay"` with `seconds`, `"drop"`), or `{call: {kind, status?, latencyMs?, operation?, times?}}` for the
 * shop's next calls; DELETE clears the call faults.
 */
export function addQaFaultRoutes(router: Router, prefix: string, faults: QaFaults): void {
  router
    .add('GET', `${prefix}/faults`, ({ res }) => sendJson(res, 200, faults.armed()))
    .add('POST', `${prefix}/faults`, async ({ req, res }) => {
      const body = await objectBody(req);
      sendJson(
        res,
        200,
        body.call !== undefined
          ? faults.armCallFault(body.call)
          : body.nextCall !== undefined
            ? faults.armNextCall(body.nextCall)
            : faults.armDelivery(body.transactionId, body.delivery, body.times, body.seconds),
      );
    })
    .add('DELETE', `${prefix}/faults`, ({ res }) => sendJson(res, 200, faults.clearCallFaults()));
}
