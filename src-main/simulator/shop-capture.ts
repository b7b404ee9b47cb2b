/**
 * Where a world sees its shop's traffic: each gateway request (not the control API) is followed from
 * arrival to the end of its answer and added to the world's ShopTrafficLog. The hot path only keeps raw,
 * bounded pieces (headers object, at most MAX_CAPTURED_BODY of body, the answer text): masking and parsing
 * happen when someone reads the log (traffic-log.ts). Nothing here runs while recording is off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { captureCall, MAX_CAPTURED_BODY, type RawShopCall } from '../shop/capture';
import type { ShopTrafficLog } from '../shop/traffic-log';

/** What the world tells the capture about itself. */
export interface CallCaptureContext {
  worldId: string;
  traffic: ShopTrafficLog;
  apiPath: string;
  clientIdHeader: string;
  worldTime: () => string;
  /** The credentials a body could echo (client id, tokens). */
  credentials: () => string[];
  /** The signature of a transaction of this world, or undefined when it has none. */
  signatureOf: (transactionID: string) => string | undefined;
  /** The transaction whose signature this is, or null. */
  ownerOfSignature: (signature: string) => string | null;
}

/** The capture of one request in progress; the world's SimulatorResponse reports its answer here. */
export class PendingShopCall {
  /** The transport fault or armed answer that replaced the normal one (`http-503`, `reset`…). */
  fault: string | null = null;
  private readonly started = performance.now();
  private readonly receivedAt = Date.now();
  private readonly worldTime: string;
  private readonly chunks: Buffer[] = [];
  private bodyBytes = 0;
  private bodyTruncated = false;
  private done = false;

  constructor(
    private readonly context: CallCaptureContext,
    private readonly req: IncomingMessage,
    private readonly path: string,
  ) {
    this.worldTime = context.worldTime();
  }

  private teeing = false;

  /**
   * Starts copying the request body as it is read. Called in the same tick as whatever reads or drains the
   * body next (the route's reader, a fault's resume): a listener added earlier would start the flow on its
   * own, and chunks flowing before the route's reader is attached would be lost to the route.
   */
  teeBody(): void {
    if (this.teeing) return;
    this.teeing = true;
    const { req } = this;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      req.on('data', (chunk: Buffer) => this.bodyChunk(chunk));
  }

  private bodyChunk(chunk: Buffer): void {
    if (this.bodyBytes >= MAX_CAPTURED_BODY) {
      this.bodyTruncated = true;
      return;
    }
    const room = MAX_CAPTURED_BODY - this.bodyBytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.bodyTruncated = true;
    this.chunks.push(Buffer.from(kept));
    this.bodyBytes += kept.length;
  }

  /** The answer left (SimulatorResponse.end): its status, headers and body. */
  answered(res: ServerResponse, body: unknown): void {
    this.finish({
      status: res.statusCode,
      headers: res.getHeaders() as Record<string, unknown>,
      body: typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '',
      fault: this.fault,
    });
  }

  /** No answer was sent (the connection was reset, or closed before the end). */
  unanswered(): void {
    // A transport fault is still what the shop got: kept as an answer with no status.
    this.finish(this.fault ? { status: 0, headers: {}, body: '', fault: this.fault } : null);
  }

  private finish(response: RawShopCall['response']): void {
    if (this.done) return;
    this.done = true;
    const durationMs = performance.now() - this.started;
    const { req } = this;
    // Answered before the body came (an armed fault, a refusal): what the shop sent still belongs in the
    // record (a create resent after a 503 is judged by its merchantTransactionId), so wait for the rest.
    const announced = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!announced || req.complete || req.destroyed) {
      this.record(response, durationMs);
      return;
    }
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      clearTimeout(timer);
      this.record(response, durationMs);
    };
    const timer = setTimeout(record, 1_000);
    timer.unref();
    req.once('end', record);
    req.once('close', record);
    req.once('error', record);
  }

  private record(response: RawShopCall['response'], durationMs: number): void {
    const { context, req } = this;
    const authorization = req.headers.authorization;
    // Kept as bytes until someone reads the log (decoding is the builder's work, like the masking).
    const { chunks } = this;
    const bodyBytes = chunks.length > 1 ? Buffer.concat(chunks) : (chunks[0] ?? null);
    const declared = Number(req.headers['content-length']);
    // Node's own object, kept as it is: nothing changes a request's headers once it has arrived.
    const headers = req.headers;
    const path = this.path;
    const receivedAt = this.receivedAt;
    const worldTime = this.worldTime;
    const bodyTruncated = this.bodyTruncated || (Number.isFinite(declared) && declared > this.bodyBytes);
    const method = req.method ?? 'GET';
    context.traffic.add(
      (seq) => {
        const body = bodyBytes ? bodyBytes.toString('utf8') : null;
        const digest = digestOf(authorization);
        const transactionID = transactionInPath(path, context.apiPath);
        const own = transactionID ? context.signatureOf(transactionID) : undefined;
        const signature =
          digest === null || transactionID === null
            ? null
            : own !== undefined && own === digest
              ? { matched: true, belongsTo: transactionID }
              : { matched: false, belongsTo: context.ownerOfSignature(digest) };
        return captureCall({
          seq,
          worldId: context.worldId,
          via: 'world',
          receivedAt,
          worldTime,
          method,
          path,
          apiPath: context.apiPath,
          headers,
          clientIdHeader: context.clientIdHeader,
          body,
          bodyTruncated,
          response,
          durationMs,
          credentials: context.credentials(),
          signatures: [own, digest, ...signaturesIn(body, context)],
          signature,
        });
      },
      (bodyBytes?.length ?? 0) + (response?.body.length ?? 0),
    );
  }
}

/**
 * This world's transaction signatures a body carries (a hostile shop echoing one it was given): the
 * simulator's signatures are 64 hex characters, so only such runs are looked up.
 */
function signaturesIn(body: string | null, context: CallCaptureContext): string[] {
  if (!body) return [];
  const found: string[] = [];
  for (const match of body.matchAll(/[0-9a-f]{64}/gi)) {
    if (found.length >= 20) break;
    if (context.ownerOfSignature(match[0]) !== null) found.push(match[0]);
  }
  return found;
}

type FollowedResponse = ServerResponse & { shopCall?: PendingShopCall | null };

/**
 * Closed without an answer (a reset fault, the client went away): still a call the shop made. One
 * function for every followed response (no closure per request); after an answer it does nothing.
 */
function closedUnanswered(this: FollowedResponse): void {
  this.shopCall?.unanswered();
}

/**
 * Starts following one gateway request: the answer (SimulatorResponse, through `res.shopCall`) or the
 * connection's close reports to the returned object.
 */
export function followShopCall(
  context: CallCaptureContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): PendingShopCall {
  const pending = new PendingShopCall(context, req, path);
  (res as FollowedResponse).shopCall = pending;
  res.on('close', closedUnanswered);
  return pending;
}

const digestOf = (authorization: string | undefined): string | null => {
  const match = authorization ? /^\s*digest\s+(.+?)\s*$/i.exec(authorization) : null;
  return match?.[1] ?? null;
};

const TRANSACTION_PATH = /^\/payments\/([^/?]+)\/(?:service-reference|mbway-id|action|card)/;

const transactionInPath = (path: string, apiPath: string): string | null => {
  if (!path.startsWith(apiPath)) return null;
  const match = TRANSACTION_PATH.exec(path.slice(apiPath.length));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
};

/** Names the fault that replaced a call's normal answer, on the capture following it (if any). */
export function markShopFault(res: ServerResponse, fault: string): void {
  const pending = (res as FollowedResponse).shopCall;
  if (pending) pending.fault = fault;
}
