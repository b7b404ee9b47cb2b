/**
 * Where a world sees its shop's traffic: each gateway request (not the control API) is followed from
 * arrival to the end of its answer and added to the world's ShopTrafficLog. The hot path only keeps raw,
 * bounded pieces as bytes (the request's headers, at most MAX_CAPTURED_BODY of body, the answer's headers
 * and text): masking and parsing happen when someone reads the log (traffic-log.ts).
 * Nothing here runs while recording is off.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ShopCall } from '@shared/shop/traffic';
import { captureCall, MAX_CAPTURED_BODY } from '../shop/capture';
import type { ShopTrafficLog, TrafficBytesReader } from '../shop/traffic-log';
import { packHeaders, unpackHeaders } from './packed-headers';
import {
  BODY_TRUNCATED,
  HEADERS_AS_JSON,
  readRecordedCall,
  recordedCallSize,
  writeRecordedCall,
  type CallTexts,
} from './recorded-call';

/** What the world tells the capture about itself. */
export interface CallCaptureContext {
  worldId: string;
  traffic: ShopTrafficLog;
  apiPath: string;
  clientIdHeader: string;
  /** The world's clock now (ms): a call is stamped with the world's time as well as the wall clock's. */
  worldNow: () => number;
  /** The credentials a body could echo (client id, tokens). */
  credentials: () => string[];
  /** The signature of a transaction of this world, or undefined when it has none. */
  signatureOf: (transactionID: string) => string | undefined;
  /** The transaction whose signature this is, or null. */
  ownerOfSignature: (signature: string) => string | null;
}

/**
 * The capture of one request: followed while in progress (the world's SimulatorResponse reports its
 * answer here), then written as bytes into the world's ShopTrafficLog, to be read back and masked when
 * first read (`RecordedCallReader`).
 *
 * What a recorded call keeps is sized for the garbage collector: a world answering a thousand calls a
 * second keeps ten thousand of them, and whatever they keep alive on the JS heap is copied by young
 * collections and marked by every major one, pauses an answer waits through. So a recorded call is bytes
 * only (recorded-call.ts), outside the JS heap; this object, and all it held, goes with the request.
 */
export class PendingShopCall {
  /** The transport fault or armed answer that replaced the normal one (`http-503`, `reset`…). */
  fault: string | null = null;
  private readonly started = performance.now();
  private readonly receivedAt = Date.now();
  private readonly worldMs: number;
  /** Until recorded: the request (its body may still be arriving). Dropped then, with all it holds. */
  private req: IncomingMessage | null;
  /** The body chunks as Node's parser made them (each its own copy, never written to again). */
  private chunks: Buffer[] | null = null;
  private bodyBytes = 0;
  private bodyTruncated = false;
  /** The answer's text, or null when the shop got nothing (no answer, no named fault). */
  private answer: string | null = null;
  /** The path below the world's base URL, query kept. */
  private readonly path: string;
  private status = 0;
  private answerHeaders: Record<string, unknown> | null = null;
  private durationMs = 0;
  private done = false;
  private teeing = false;

  constructor(
    private readonly context: CallCaptureContext,
    req: IncomingMessage,
    path: string,
  ) {
    this.path = path;
    this.req = req;
    this.worldMs = context.worldNow();
  }

  /**
   * Starts copying the request body as it is read. Called in the same tick as whatever reads or drains the
   * body next (the route's reader, a fault's resume): a listener added earlier would start the flow on its
   * own, and chunks flowing before the route's reader is attached would be lost to the route.
   */
  teeBody(): void {
    const { req } = this;
    if (this.teeing || !req) return;
    this.teeing = true;
    if (announcesBody(req)) req.on('data', (chunk: Buffer) => this.bodyChunk(chunk));
  }

  private bodyChunk(chunk: Buffer): void {
    if (this.bodyBytes >= MAX_CAPTURED_BODY) {
      this.bodyTruncated = true;
      return;
    }
    const room = MAX_CAPTURED_BODY - this.bodyBytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.bodyTruncated = true;
    (this.chunks ??= []).push(kept);
    this.bodyBytes += kept.length;
  }

  /**
   * The answer's head went out (SimulatorResponse.writeHead): `given` is the header object writeHead was
   * called with. Node keeps such an object as it is rather than copying it into its own header map, so
   * the map (getHeaders) holds only headers set one by one.
   */
  headSent(res: ServerResponse, given: Record<string, unknown> | null): void {
    this.answerHeaders = given && res.getHeaderNames().length === 0 ? given : res.getHeaders();
  }

  /** The answer left (SimulatorResponse.end): its status and body (the head was reported before). */
  answered(res: ServerResponse, body: unknown): void {
    if (this.done) return;
    this.status = res.statusCode;
    this.answerHeaders ??= res.getHeaders();
    this.finish(typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '');
  }

  /** No answer was sent (the connection was reset, or closed before the end). */
  unanswered(): void {
    if (this.done) return;
    // A transport fault is still what the shop got: kept as an answer with no status (nor headers).
    this.answerHeaders = null;
    this.finish(this.fault ? '' : null);
  }

  private finish(answer: string | null): void {
    const { req } = this;
    if (this.done || !req) return;
    this.done = true;
    this.answer = answer;
    this.durationMs = performance.now() - this.started;
    // Answered before the body came (an armed fault, a refusal): what the shop sent still belongs in the
    // record (a create resent after a 503 is judged by its merchantTransactionId), so wait for the rest.
    if (!announcesBody(req) || req.complete || req.destroyed) {
      this.record();
      return;
    }
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      clearTimeout(timer);
      this.record();
    };
    const timer = setTimeout(record, 1_000);
    timer.unref();
    req.once('end', record);
    req.once('close', record);
    req.once('error', record);
  }

  private record(): void {
    const { req, chunks, context } = this;
    if (!req) return;
    this.req = null;
    // The record shows at most MAX_CAPTURED_BODY of an answer: no more is kept.
    const answer =
      this.answer !== null && this.answer.length > MAX_CAPTURED_BODY
        ? this.answer.slice(0, MAX_CAPTURED_BODY)
        : this.answer;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.bodyBytes) this.bodyTruncated = true;
    const packed = packHeaders(req.rawHeaders);
    const call: CallTexts = {
      method: req.method ?? 'GET',
      fault: this.fault,
      path: this.path,
      headers: packed ?? JSON.stringify(req.headers),
      answer,
      answerHeaders: this.answerHeaders === null ? null : JSON.stringify(this.answerHeaders),
    };
    const flags = (this.bodyTruncated ? BODY_TRUNCATED : 0) | (packed === null ? HEADERS_AS_JSON : 0);
    const piece = context.traffic.storeBytes(recordedCallSize(call, this.bodyBytes));
    const kept = writeRecordedCall(piece, call, chunks, this.bodyBytes, {
      receivedAt: this.receivedAt,
      worldMs: this.worldMs,
      durationMs: this.durationMs,
      status: this.status,
      flags,
    });
    this.chunks = null;
    this.answer = null;
    this.answerHeaders = null;
    context.traffic.addBytes(readerOf(context), piece, kept);
  }
}

/** Turns a world's recorded calls back into masked records: one per world, shared by all its calls. */
class RecordedCallReader implements TrafficBytesReader {
  constructor(private readonly context: CallCaptureContext) {}

  entryFromBytes(bytes: Buffer, seq: number): ShopCall {
    const { context } = this;
    const call = readRecordedCall(bytes);
    const headers: IncomingHttpHeaders =
      call.flags & HEADERS_AS_JSON ? JSON.parse(call.headers) : unpackHeaders(call.headers);
    const digest = digestOf(headers.authorization);
    const transactionID = transactionInPath(call.path, context.apiPath);
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
      receivedAt: call.receivedAt,
      worldTime: new Date(call.worldMs).toISOString(),
      method: call.method,
      path: call.path,
      apiPath: context.apiPath,
      headers,
      clientIdHeader: context.clientIdHeader,
      body: call.body,
      bodyTruncated: (call.flags & BODY_TRUNCATED) !== 0,
      response:
        call.answer === null
          ? null
          : {
              status: call.status,
              headers: call.answerHeaders === null ? {} : JSON.parse(call.answerHeaders),
              body: call.answer,
              fault: call.fault,
            },
      durationMs: call.durationMs,
      credentials: context.credentials(),
      signatures: [own, digest, ...signaturesIn(call.body, context)],
      signature,
    });
  }
}

const readers = new WeakMap<CallCaptureContext, RecordedCallReader>();
const readerOf = (context: CallCaptureContext): RecordedCallReader => {
  let reader = readers.get(context);
  if (!reader) readers.set(context, (reader = new RecordedCallReader(context)));
  return reader;
};

/** Whether the request announced a body (sized or chunked). */
const announcesBody = ({ headers }: IncomingMessage): boolean =>
  headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;

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
