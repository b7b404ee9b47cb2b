/**
 * One recording-proxy session: the proxy running for one test profile, and what it recorded. Each call is
 * masked at capture by the same builder the simulator's worlds use (capture.ts) and kept in the same
 * bounded log (traffic-log.ts), so the Traffic view, the findings and the certification read a proxy
 * session exactly as they read a world.
 */
import { randomUUID } from 'node:crypto';
import { captureCall } from './capture';
import { ShopTrafficLog } from './traffic-log';
import { proxyTargetOf, type ProxyTarget } from './proxy-target';
import { startRecordingProxy, type ProxiedExchange, type RunningRecordingProxy } from './recording-proxy';

/** What the session needs of the test profile: where it points and how its client id is sent. */
export interface ProxiedProfile {
  id: string;
  name: string;
  environment: 'sandbox' | 'test' | 'production';
  baseUrl: string;
  pathPrefix: string;
  version: string;
  clientIdHeader: string;
  variant: 'A' | 'B';
  callTimeoutMs?: number | undefined;
}

export interface ProxySessionOptions {
  profile: ProxiedProfile;
  host?: string;
  port?: number;
  maxBodyBytes?: number;
}

/** The credential part of an Authorization value (`Bearer abc` → `abc`), which the capture must mask anywhere. */
const credentialOf = (authorization: string | undefined): string | null => {
  if (!authorization) return null;
  const match = /^\s*\S+\s+(.+)$/.exec(authorization);
  return (match?.[1] ?? authorization).trim() || null;
};

export class ProxySession {
  readonly id = `proxy-${randomUUID().slice(0, 8)}`;
  readonly startedAt = new Date();
  readonly traffic = new ShopTrafficLog();

  private constructor(
    readonly profile: ProxiedProfile,
    readonly target: ProxyTarget,
    private readonly running: { proxy: RunningRecordingProxy | null },
  ) {}

  static async start(options: ProxySessionOptions): Promise<ProxySession> {
    const target = proxyTargetOf(options.profile);
    const holder: { proxy: RunningRecordingProxy | null } = { proxy: null };
    const session = new ProxySession(options.profile, target, holder);
    holder.proxy = await startRecordingProxy({
      target,
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
      ...(options.profile.callTimeoutMs !== undefined ? { upstreamTimeoutMs: options.profile.callTimeoutMs } : {}),
      onExchange: (exchange) => session.record(exchange),
    });
    return session;
  }

  /** The proxy's address (what the shop uses as its gateway base URL, API path included). */
  get apiUrl(): string {
    return this.running.proxy?.apiUrl ?? '';
  }

  get url(): string {
    return this.running.proxy?.url ?? '';
  }

  get port(): number {
    return this.running.proxy?.port ?? 0;
  }

  private record(exchange: ProxiedExchange): void {
    const { profile, target } = this;
    const clientId = exchange.headers[profile.clientIdHeader.toLowerCase()];
    this.traffic.add((seq) =>
      captureCall({
        seq,
        worldId: this.id,
        via: 'proxy',
        receivedAt: exchange.receivedAt.getTime(),
        worldTime: exchange.receivedAt.toISOString(),
        method: exchange.method,
        path: exchange.path,
        apiPath: target.apiBasePath,
        headers: exchange.headers,
        clientIdHeader: profile.clientIdHeader,
        body: exchange.body,
        bodyTruncated: exchange.bodyTruncated,
        response: exchange.response
          ? {
              status: exchange.response.status,
              headers: exchange.response.headers,
              body: exchange.response.body,
              fault: exchange.fault,
            }
          : null,
        durationMs: exchange.durationMs,
        credentials: [credentialOf(exchange.headers.authorization), clientId],
      }),
    );
  }

  async close(): Promise<void> {
    const proxy = this.running.proxy;
    this.running.proxy = null;
    await proxy?.close();
  }
}
