import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimulatorArgs } from '../../../src-main/cli/simulator-command';
import { createSimulatorHandlers } from '../../../src-main/core/handlers/simulator-handlers';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { Harness } from './harness';

describe('npm run simulator options', () => {
  it('parses every option', () => {
    const secret = Buffer.alloc(32, 1).toString('base64');
    expect(
      parseSimulatorArgs([
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--base-path',
        '/gw',
        '--version',
        'v3',
        '--client-id-header',
        'X-Acme-Client-Id',
        '--client-id',
        'cid',
        '--terminal',
        '42:A:tok:en',
        '--terminal',
        '43:B:other',
        '--webhook',
        'http://127.0.0.1:9999/hook',
        '--webhook-secret',
        secret,
        '--rate-limit',
        '10',
        '--order-ttl',
        '60',
        '--mbway-window',
        '30',
        '--shopper-delay',
        '2',
        '--seed',
        '9',
        '--duplicates',
        '--out-of-order',
        '--no-control',
        '--no-auto-worlds',
        '--record-traffic',
      ]),
    ).toEqual({
      host: '0.0.0.0',
      port: 0,
      basePath: '/gw',
      version: 'v3',
      clientIdHeader: 'X-Acme-Client-Id',
      clientId: 'cid',
      terminals: [
        { terminalId: '42', variant: 'A', token: 'tok:en' },
        { terminalId: '43', variant: 'B', token: 'other' },
      ],
      webhook: { url: 'http://127.0.0.1:9999/hook', secret },
      rateLimit: 10,
      orderTtlSeconds: 60,
      mbwayWindowSeconds: 30,
      shopperDelaySeconds: 2,
      seed: 9,
      control: false,
      autoWorlds: false,
      recordTraffic: true,
      notifications: { duplicates: true, outOfOrder: true },
    });
    expect(parseSimulatorArgs(['--help'])).toBe('help');
    expect(parseSimulatorArgs([])).toMatchObject({
      host: '127.0.0.1',
      port: 4010,
      control: true,
      autoWorlds: true,
      recordTraffic: false,
    });
    // In memory unless asked.
    expect(parseSimulatorArgs([])).not.toHaveProperty('state');
    expect(parseSimulatorArgs(['--state', 'sim-state.jsonl'])).toMatchObject({ state: 'sim-state.jsonl' });
  });

  it.each([
    [['--port', '70000'], /--port/],
    [['--terminal', '12345678901:A:t'], /1 to 10 digits/],
    [['--terminal', '1:C:t'], /A or B/],
    [['--terminal', '1:A'], /bearer token/],
    [['--webhook', 'http://x/hook'], /--webhook-secret/],
    [['--webhook', 'http://x/hook', '--webhook-secret', 'c2hvcnQ='], /32 bytes/],
    [['--webhook', 'not a url', '--webhook-secret', 'x'], /absolute URL/],
    [['--client-id-header', 'bad header'], /header name/],
    [['--rate-limit', '-1'], /--rate-limit/],
    [['--state', ' '], /--state needs a file path/],
  ])('refuses %j with a specific message', (args, message) => {
    expect(() => parseSimulatorArgs(args)).toThrow(message);
  });
});

describe('simulator.* contract handlers', () => {
  let h: Harness;
  let dispatch: ReturnType<typeof createDispatcher>;
  beforeAll(async () => {
    h = await Harness.start();
    dispatch = createDispatcher(createSimulatorHandlers(() => h.sim) as unknown as Handlers);
  });
  afterAll(() => h.close());

  it('reports status without tokens, completes, advances the clock and lists deliveries', async () => {
    const status = await dispatch('simulator.status', undefined);
    expect(status).toMatchObject({ ok: true, value: { running: true, url: h.sim.url, controlEnabled: true } });
    expect(JSON.stringify(status)).not.toContain(h.terminalA.token);
    expect(JSON.stringify(status)).not.toContain(h.sim.clientId);

    const { id, signature } = await h.order('A');
    const listed = await dispatch('simulator.transactions', {});
    expect(listed.ok && (listed.value as Array<{ transactionID: string }>)[0]!.transactionID).toBe(id);
    expect(JSON.stringify(listed)).not.toContain(signature);

    const completed = await dispatch('simulator.complete', { transactionId: id, paymentStatus: 'Success' });
    expect(completed).toMatchObject({ ok: true, value: { paymentStatus: 'Success', final: true } });
    const again = await dispatch('simulator.complete', { transactionId: id, paymentStatus: 'Declined' });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const missing = await dispatch('simulator.complete', { transactionId: 's2none', paymentStatus: 'Success' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });

    const clock = await dispatch('simulator.advanceClock', { seconds: 3600 });
    expect(clock).toMatchObject({ ok: true, value: { offsetSeconds: 3600 } });
    expect(await dispatch('simulator.deliveries', {})).toEqual({ ok: true, value: [] });
  });

  it('says the simulator is not running when there is none', async () => {
    const off = createDispatcher(createSimulatorHandlers(() => null) as unknown as Handlers);
    expect(await off('simulator.status', undefined)).toMatchObject({ ok: true, value: { running: false } });
    expect(await off('simulator.advanceClock', { seconds: 1 })).toMatchObject({
      ok: false,
      error: { code: 'simulator-not-running' },
    });
  });
});
