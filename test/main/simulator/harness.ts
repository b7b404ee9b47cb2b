/**
 * Drives a real simulator over loopback HTTP, as a merchant backend would. In-process by default; with
 * SIMULATOR_STANDALONE=<path of gateway-simulator.mjs> every harness starts that one-file build instead
 * (`node <file>` in the file's folder), so the same conformance suites run against it (standalone.test.ts).
 */
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src-main/simulator';
import { validOrderA, validOrderB } from '../../shared/gateway/fixtures';
import { startStandalone } from './standalone-process';

export { validOrderA, validOrderB };

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export class Harness {
  private constructor(readonly sim: RunningSimulator) {}

  /** True when the suites run against the standalone file (some in-process-only checks skip then). */
  static readonly external = Boolean(process.env.SIMULATOR_STANDALONE);

  static async start(options: SimulatorOptions = {}): Promise<Harness> {
    const resolved = { seed: 42, shopperDelaySeconds: 5, ...options };
    const file = process.env.SIMULATOR_STANDALONE;
    return new Harness(file ? await startStandalone(file, resolved) : await startSimulator(resolved));
  }

  get terminalA() {
    return this.sim.terminals.find((t) => t.variant === 'A')!;
  }
  get terminalB() {
    return this.sim.terminals.find((t) => t.variant === 'B')!;
  }

  headers(authorization: string, extra: Record<string, string | undefined> = {}): Record<string, string> {
    const all: Record<string, string | undefined> = {
      'Content-Type': 'application/json',
      Authorization: authorization,
      [this.sim.clientIdHeader]: this.sim.clientId,
      ...extra,
    };
    return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  }

  bearer(variant: 'A' | 'B' = 'A'): string {
    return `Bearer ${(variant === 'A' ? this.terminalA : this.terminalB).token}`;
  }

  async call(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: unknown; raw?: string } = {},
  ): Promise<Answer> {
    const url = path.startsWith('http') ? path : `${this.sim.apiUrl}${path}`;
    const response = await fetch(url, {
      method,
      headers: init.headers ?? {},
      ...(init.raw !== undefined
        ? { body: init.raw }
        : init.body !== undefined
          ? { body: JSON.stringify(init.body) }
          : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: response.status, headers: response.headers, body };
  }

  create(body: unknown, variant: 'A' | 'B' = 'A', extraHeaders: Record<string, string | undefined> = {}) {
    return this.call('POST', '/payments', { headers: this.headers(this.bearer(variant), extraHeaders), body });
  }

  /** Creates an order and returns its id and signature (fails the test if creation fails). */
  async order(
    variant: 'A' | 'B' = 'A',
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reshape the body freely
    change: (body: ReturnType<typeof validOrderA> & Record<string, any>) => void = () => {},
  ) {
    const body = variant === 'A' ? validOrderA() : validOrderB();
    change(body as never);
    const answer = await this.create(body, variant);
    if (answer.status !== 200) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { id: answer.body.transactionID as string, signature: answer.body.transactionSignature as string, answer };
  }

  status(id: string, variant: 'A' | 'B' = 'A') {
    return this.call('GET', `/payments/${id}/status`, { headers: this.headers(this.bearer(variant)) });
  }

  reference(id: string, signature: string, body: unknown = {}) {
    return this.call('POST', `/payments/${id}/service-reference/generate`, {
      headers: this.headers(`Digest ${signature}`),
      body,
    });
  }

  mbway(id: string, signature: string, customerPhone: unknown) {
    return this.call('POST', `/payments/${id}/mbway-id/purchase`, {
      headers: this.headers(`Digest ${signature}`),
      body: { customerPhone },
    });
  }

  control(method: string, path: string, body?: unknown) {
    return this.call(method, `${this.sim.url}/__simulator${path}`, {
      headers: { 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body } : {}),
    });
  }

  async advance(seconds: number) {
    const answer = await this.control('POST', '/clock', { advanceSeconds: seconds });
    if (answer.status !== 200) throw new Error(`clock failed: ${JSON.stringify(answer.body)}`);
  }

  async paymentStatus(id: string, variant: 'A' | 'B' = 'A'): Promise<string> {
    return (await this.status(id, variant)).body.paymentStatus as string;
  }

  close() {
    return this.sim.close();
  }
}
