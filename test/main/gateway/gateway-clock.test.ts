/**
 * The gateway's clock, read from the answer's Date header: the console's countdowns run on it, because
 * expiries in answers are in the gateway's (for the Sandbox: simulated) time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { gatewayClockOffset, parseHttpDate } from '../../../src-main/gateway/gateway-clock';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { startFaultServer } from '../../support/fault-server';
import { connectionTo, orderA } from './fixtures';

const HOUR = 3_600_000;
const at = Date.UTC(2026, 10, 25, 19, 0, 0);
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('gatewayClockOffset (countdown uses the wall clock while the expiry is in Sandbox time)', () => {
  it('reads a clock moved +1 h as +1 h in whole seconds, within the header’s 1 s resolution', () => {
    // Written 400 ms into a second of gateway time (the header says the second), received 50 ms later.
    expect(gatewayClockOffset(httpDate(at + HOUR), at + 400 + 50)).toBe(HOUR);
    expect(gatewayClockOffset(httpDate(at + 78 * 60_000), at + 300)).toBe(78 * 60_000);
    // Written late in its second and slow to arrive: one second short at worst.
    expect(gatewayClockOffset(httpDate(at + HOUR), at + 900 + 150)).toBe(HOUR - 1_000);
  });

  it('ignores ordinary drift: a real gateway a few seconds off is on our time (0, which still replaces an older offset)', () => {
    expect(gatewayClockOffset(httpDate(at + 3_000), at)).toBe(0);
    expect(gatewayClockOffset(httpDate(at - 4_000), at)).toBe(0);
    expect(gatewayClockOffset(httpDate(at), at + 999)).toBe(0);
    expect(gatewayClockOffset(httpDate(at - 60_000), at + 100)).toBe(-60_000);
  });

  it('gives no offset, never a crash or a wrong clock, for a missing, garbled or hostile Date header', () => {
    for (const value of [
      undefined,
      null,
      '',
      42,
      ['Wed, 25 Nov 2026 19:00:00 GMT'],
      { toString: () => 'Wed, 25 Nov 2026 19:00:00 GMT' },
      'yesterday',
      '2026-11-25T19:00:00Z', // ISO is not an HTTP date
      'Wed, 25 Nov 2026 19:00:00 GMT, Wed, 25 Nov 2026 20:00:00 GMT', // two headers joined
      'Mon, 25 Nov 2026 19:00:00 GMT', // wrong weekday
      'Sat, 31 Feb 2026 19:00:00 GMT', // no such day: Date.UTC would make it 3 March
      'Wed, 25 Nov 2026 25:00:00 GMT',
      'Wed, 25 Nov 2026 19:00:00 GMT\u001b[2J',
      '__proto__',
      `Wed, 25 Nov 2026 19:00:00 GMT${' '.repeat(10_000)}x`,
    ])
      expect(gatewayClockOffset(value, at), String(value).slice(0, 40)).toBeNull();
    expect(gatewayClockOffset(httpDate(at), NaN)).toBeNull();
  });

  it('parses only valid IMF-fixdates', () => {
    expect(parseHttpDate('Wed, 25 Nov 2026 19:00:00 GMT')).toBe(at);
    expect(parseHttpDate('Thu, 29 Feb 2024 00:00:00 GMT')).toBe(Date.UTC(2024, 1, 29));
    expect(parseHttpDate('Fri, 29 Feb 2025 00:00:00 GMT')).toBeNull();
  });
});

describe('the Exchange records the gateway clock offset', () => {
  let server: Awaited<ReturnType<typeof startFaultServer>>;
  let sender: RequestSender;
  let client: GatewayClient;
  beforeAll(async () => {
    server = await startFaultServer();
    sender = new RequestSender({ totalTimeoutMs: 2_000, sleep: async () => {} });
    client = new GatewayClient(sender);
  });
  afterAll(async () => {
    await sender.close();
    await server.close();
  });
  afterEach(() => server.reset());

  const ok = (headers: Record<string, string> = {}) => ({
    kind: 'answer' as const,
    status: 200,
    headers,
    body: {
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      transactionID: 's2abc',
      paymentStatus: 'Pending',
    },
  });

  it('from a gateway whose Date is 1 h ahead', async () => {
    server.next(ok({ Date: httpDate(Date.now() + HOUR) }));
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    // Within the header's 1 s resolution.
    expect(Math.abs(exchange.gatewayClockOffsetMs! - HOUR)).toBeLessThanOrEqual(1_000);
  });

  it('as 0 from a gateway on real time (Node’s own Date header)', async () => {
    server.next(ok());
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.gatewayClockOffsetMs).toBe(0);
  });

  it('not at all from a garbled Date header: the call itself is unaffected', async () => {
    server.next(ok({ Date: 'not a date at all' }));
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.gatewayClockOffsetMs).toBeUndefined();
    expect(exchange.classification).toBe('ok');
    expect(exchange.paymentStatus).toBe('Pending');
  });

  it('not at all when no answer came', async () => {
    server.next({ kind: 'reset' });
    const { exchange } = await client.createOrder(connectionTo(server.url), orderA()).catch((error: unknown) => {
      const failed = error as { exchange?: { gatewayClockOffsetMs?: number; response: unknown } };
      if (!failed.exchange) throw error;
      return { exchange: failed.exchange };
    });
    expect(exchange.response).toBeNull();
    expect(exchange.gatewayClockOffsetMs).toBeUndefined();
  });
});

describe('against the simulator with its clock moved', () => {
  let sim: RunningSimulator;
  let sender: RequestSender;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 7 });
    sender = new RequestSender();
  });
  afterAll(async () => {
    await sender.close();
    await sim.close();
  });

  it('records +1 h on the create order answer after the Sandbox clock moved +1 h', async () => {
    const connection = connectionTo(sim.url, {
      bearerToken: sim.terminals.find((terminal) => terminal.variant === 'A')!.token,
      clientId: sim.clientId,
      clientIdHeader: sim.clientIdHeader,
      terminalId: sim.terminals.find((terminal) => terminal.variant === 'A')!.terminalId,
    });
    const client = new GatewayClient(sender);
    const before = await client.createOrder(connection, orderA());
    expect(before.exchange.gatewayClockOffsetMs).toBe(0);
    await sim.control.advanceClock(3600);
    const after = await client.createOrder(connection, orderA());
    expect(after.exchange.classification).toBe('ok');
    expect(Math.abs(after.exchange.gatewayClockOffsetMs! - HOUR)).toBeLessThanOrEqual(1_000);
  });
});
