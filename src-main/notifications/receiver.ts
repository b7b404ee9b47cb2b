/**
 * The HTTP adapter of the merchant-notification receiver: a listener (loopback unless told otherwise) that
 * reads each request within its limits, hands it to the receive pipeline (receive-pipeline.ts: decrypt,
 * verify, journal, decide the acknowledgement) and writes the answer the pipeline decided.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceiverStatus } from '@shared/contract/notifications';
import { logger } from '../common/logger';
import { isLoopbackHost } from '@shared/origin';
import { ReceivePipeline, type DeliveryAnswer, type PipelineOptions, type ReceiptTime } from './receive-pipeline';

export type { ReceiptTime, SecretCandidate } from './receive-pipeline';

export interface ReceiverOptions extends Omit<PipelineOptions, 'path' | 'maxBodyBytes'> {
  /** Default 127.0.0.1. Anything not loopback is allowed but warned about. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default /notifications. */
  path?: string;
  maxBodyBytes?: number;
  /** Time a sender has for a whole request, headers and body (default 30 s); a stalled one is cut off. */
  requestTimeoutMs?: number;
}

export const DEFAULT_RECEIVER_PATH = '/notifications';
const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export { isLoopbackHost };

export class NotificationReceiver {
  private server: Server | null = null;
  private address: AddressInfo | null = null;
  private startError: string | null = null;
  private readonly host: string;
  private readonly port: number;
  private readonly path: string;
  private readonly maxBodyBytes: number;
  private readonly requestTimeoutMs: number;
  private readonly pipeline: ReceivePipeline;

  constructor(private readonly options: ReceiverOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.port = options.port ?? 0;
    this.path = options.path ?? DEFAULT_RECEIVER_PATH;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    if (!this.path.startsWith('/')) throw new Error(`The receiver path must start with "/" (got "${this.path}").`);
    this.pipeline = new ReceivePipeline({ ...options, path: this.path, maxBodyBytes: this.maxBodyBytes });
  }

  /**
   * The onboarding demo lives its weeks ahead on the simulator clock and moves what it records back onto
   * the story's time line; notifications received meanwhile must land there too, or a seeded
   * transaction's timeline would show them all "now". `null` restores the wall clock.
   */
  stampReceiptsWith(receiptTime: ReceiptTime | null): void {
    this.pipeline.stampReceiptsWith(receiptTime);
  }

  async start(): Promise<ReceiverStatus> {
    if (this.server) return this.status();
    // A sender that stalls mid-body must not hold a socket for ever. Node checks these limits only every
    // `connectionsCheckingInterval` (30 s by default, so a 30 s limit took up to 75 s): checked every second.
    const server = createServer(
      {
        requestTimeout: this.requestTimeoutMs,
        headersTimeout: this.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, this.requestTimeoutMs),
      },
      (request, response) => {
        this.handle(request, response).catch((error: unknown) => {
          logger.error('notification receiver failed on a delivery', error);
          if (!response.headersSent)
            this.answer(response, { status: 500, body: { error: 'internal', message: 'Receiver error.' } });
        });
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.port, this.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.startError = error instanceof Error ? error.message : String(error);
      throw error;
    }
    this.startError = null;
    this.server = server;
    this.address = server.address() as AddressInfo;
    const status = this.status();
    if (status.beyondLoopback && status.warning) logger.warn(status.warning);
    else logger.info(`notification receiver listening on ${status.url}`);
    return status;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.address = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The URL to give the gateway or the simulator, or null when not listening. */
  get url(): string | null {
    if (!this.address) return null;
    const { address, port } = this.address;
    // Bound to every interface: local senders (the simulator) still reach it on loopback.
    const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}${this.path}`;
  }

  status(): ReceiverStatus {
    const beyondLoopback = !isLoopbackHost(this.address?.address ?? this.host);
    const warnings = [
      this.startError ? `The notification receiver is not listening: ${this.startError}.` : null,
      beyondLoopback
        ? `The notification receiver listens on ${this.host}, reachable from other machines: anyone who can reach it can post deliveries into the journal.`
        : null,
      this.pipeline.journalError
        ? `The last delivery could not be journaled (${this.pipeline.journalError}); it was refused so the sender retries.`
        : null,
    ].filter((text): text is string => text !== null);
    return {
      listening: this.server !== null,
      url: this.url,
      host: this.host,
      port: this.address?.port ?? null,
      path: this.path,
      boundAddress: this.address ? `${this.address.address}:${this.address.port}` : null,
      beyondLoopback,
      warning: warnings.length ? warnings.join(' ') : null,
      deliveries: this.options.journal.size,
      unreadableJournalLines: this.options.journal.unreadableLines,
      suppressedDeliveries: this.pipeline.suppressedDeliveries,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { bytes, truncated } = await readBody(request, this.maxBodyBytes);
    const answer = await this.pipeline.receive({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headersDistinct,
      remoteAddress: request.socket.remoteAddress ?? null,
      body: bytes,
      truncated,
    });
    this.answer(response, answer);
  }

  private answer(response: ServerResponse, { status, headers, body }: DeliveryAnswer): void {
    const text = JSON.stringify(body);
    for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }
}

/** Reads up to `limit` bytes; the rest is drained so the answer can still be written. */
async function readBody(request: IncomingMessage, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      truncated = true;
      chunks.push(chunk.subarray(0, Math.max(0, limit - size)));
      size = limit;
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated };
}
