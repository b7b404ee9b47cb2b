/**
 * Performs a fault armed for a shop's call (shop-faults.ts): an HTTP answer of the error table, latency
 * before the normal answer, or a transport fault — the connection reset, closed with no answer, the body
 * cut half-way, or the body trickled out slowly. Latency ranges are drawn from the world's seeded random,
 * so a session with a seed replays with the same delays.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextCallStatus } from '@shared/qa/sandbox-controls';
import type { CallFault } from '@shared/shop/shop-faults';
import { drainBody } from './http-io';
import { answerStatus } from './qa-faults';
import type { Random } from './random';
import { markShopFault } from './shop-capture';

/** What the answer's body does when it is written (SimulatorResponse.end). */
export type BodyFault = { kind: 'truncated' } | { kind: 'slow'; totalMs: number };

/** A fixed latency, or one drawn in [min, max] from the seeded random. */
export const drawLatency = (latency: NonNullable<CallFault['latencyMs']>, random: Random): number =>
  typeof latency === 'number' ? latency : latency.min + random.int(latency.max - latency.min + 1);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Applies the fault; true when it answered (or killed) the call itself, false when the route still answers. */
export async function performCallFault(
  fault: CallFault,
  req: IncomingMessage,
  res: ServerResponse & { bodyFault?: BodyFault | null },
  random: Random,
  /** Starts the capture's copy of the body: before a fault drains or answers it without the route. */
  beforeAnswer: () => void = () => {},
): Promise<boolean> {
  switch (fault.kind) {
    case 'status':
      beforeAnswer();
      await drainBody(req);
      answerStatus(res, fault.status as NextCallStatus);
      return true;
    case 'latency':
      markShopFault(res, 'latency');
      await sleep(drawLatency(fault.latencyMs!, random));
      return false;
    case 'reset':
      markShopFault(res, 'reset');
      beforeAnswer();
      req.resume();
      // An RST rather than a FIN: what a client sees when a load balancer drops the connection.
      if (typeof req.socket.resetAndDestroy === 'function') req.socket.resetAndDestroy();
      else req.socket.destroy();
      return true;
    case 'empty':
      markShopFault(res, 'empty');
      beforeAnswer();
      req.resume();
      req.socket.end();
      return true;
    case 'truncated':
      markShopFault(res, 'truncated');
      res.bodyFault = { kind: 'truncated' };
      return false;
    case 'slow-body':
      markShopFault(res, 'slow-body');
      res.bodyFault = { kind: 'slow', totalMs: drawLatency(fault.latencyMs!, random) };
      return false;
  }
}
