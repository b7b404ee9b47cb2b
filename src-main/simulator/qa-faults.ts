/**
 * Test controls a QA scenario (or a tester on the order card) arms on the Sandbox: make the next gateway
 * call answer an error of the spec's table (or 999), and bend the next notification of a transaction —
 * fail its acknowledgement, send it twice, hold it back so a later one overtakes it — or deliver the last
 * one again. Armed controls are one-shot: each is consumed by the call or notification it applies to.
 */
import { mainText } from '@shared/console-text';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DELIVERY_CONTROLS,
  NEXT_CALL_STATUSES,
  type DeliveryControl,
  type NextCallStatus,
} from '@shared/qa/sandbox-controls';
import { httpError } from './errors';
import { parseJson, readBody, sendError, sendJson } from './http-io';
import type { Router } from './router';
import { markShopFault } from './shop-capture';

export interface ArmedFaults {
  nextCalls: NextCallStatus[];
  deliveries: Array<{ transactionId: string; control: Exclude<DeliveryControl, 'redeliver'>; remaining: number }>;
}

export class QaFaults {
  private readonly nextCalls: NextCallStatus[] = [];
  private readonly deliveryControls: ArmedFaults['deliveries'] = [];
  /** Set by the notifier: re-sends the last notification of a transaction (the `redeliver` control). */
  redeliver: (transactionId: string) => boolean = () => false;

  armNextCall(status: unknown): ArmedFaults {
    if (!(NEXT_CALL_STATUSES as readonly unknown[]).includes(status))
      throw httpError(400, `status: must be one of ${NEXT_CALL_STATUSES.join(', ')}`);
    this.nextCalls.push(status as NextCallStatus);
    return this.armed();
  }

  armDelivery(transactionId: unknown, control: unknown, times: unknown = 1): ArmedFaults {
    if (typeof transactionId !== 'string' || !transactionId) throw httpError(400, 'transactionId: is required');
    if (!(DELIVERY_CONTROLS as readonly unknown[]).includes(control))
      throw httpError(400, `control: must be one of ${DELIVERY_CONTROLS.join(', ')}`);
    if (control === 'redeliver') {
      if (!this.redeliver(transactionId)) throw httpError(404, mainText('simNothingToRedeliver', { transactionId }));
      return this.armed();
    }
    const count = typeof times === 'number' && Number.isInteger(times) && times > 0 && times <= 20 ? times : 1;
    this.deliveryControls.push({ transactionId, control: control as 'failAck', remaining: count });
    return this.armed();
  }

  armed(): ArmedFaults {
    return { nextCalls: [...this.nextCalls], deliveries: this.deliveryControls.map((entry) => ({ ...entry })) };
  }

  /** Called for every gateway request: answers it with the armed fault and returns true, if one is armed. */
  intercept(req: IncomingMessage, res: ServerResponse): boolean {
    const status = this.nextCalls.shift();
    if (status === undefined) return false;
    req.resume();
    markShopFault(res, status === 999 ? 'status-999' : `http-${status}`);
    if (status === 999) {
      sendJson(res, 200, {
        returnStatus: {
          statusCode: '999',
          statusMsg: 'Validation Request Failed',
          statusDescription: 'The request could not be validated. Please try again. (Sandbox control: next call 999)',
        },
      });
    } else {
      sendError(
        res,
        httpError(status, `Simulated ${status} (Sandbox control: next call answers ${status}).`, {
          headers: status === 429 ? { 'Retry-After': '1' } : status === 405 ? { Allow: 'GET, POST' } : {},
        }),
      );
    }
    return true;
  }

  /** The notifier asks whether a control applies to this transaction's next notification (consumes it). */
  take(transactionId: string, control: Exclude<DeliveryControl, 'redeliver'>): boolean {
    const entry = this.deliveryControls.find(
      (item) => item.transactionId === transactionId && item.control === control,
    );
    if (!entry) return false;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.deliveryControls.splice(this.deliveryControls.indexOf(entry), 1);
    return true;
  }
}

const objectBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const body = parseJson(await readBody(req, 64 * 1024));
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw httpError(400, 'The body must be a JSON object.');
  return body as Record<string, unknown>;
};

/** `/__simulator/faults`: GET what is armed; POST `{nextCall: 503}` or `{transactionId, delivery: "failAck", times}`. */
export function addQaFaultRoutes(router: Router, prefix: string, faults: QaFaults): void {
  router
    .add('GET', `${prefix}/faults`, ({ res }) => sendJson(res, 200, faults.armed()))
    .add('POST', `${prefix}/faults`, async ({ req, res }) => {
      const body = await objectBody(req);
      sendJson(
        res,
        200,
        body.nextCall !== undefined
          ? faults.armNextCall(body.nextCall)
          : faults.armDelivery(body.transactionId, body.delivery, body.times),
      );
    });
}
