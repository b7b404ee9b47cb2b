/**
 * A recorded proxy session written as a scenario file (issue 29 §4). The recording is outside data: a
 * hostile shop's body must not become a capture the runner resolves, a YAML directive, a key path or a
 * step of its own; credentials never reach the file.
 */
import { describe, expect, it } from 'vitest';
import type { ShopCall } from '@shared/shop/traffic';
import { resolveCaptures } from '../../../src-main/qa/captures';
import { loadScenario } from '../../../src-main/qa/scenario-loader';
import { scenarioFromRecording } from '../../../src-main/shop/recording-to-scenario';

let seq = 0;
function call(fields: Partial<ShopCall> & Pick<ShopCall, 'operation' | 'path'>): ShopCall {
  return {
    kind: 'call',
    seq: ++seq,
    worldId: 'proxy-test',
    via: 'proxy',
    receivedAt: new Date().toISOString(),
    worldTime: new Date().toISOString(),
    method: fields.operation === 'getStatus' ? 'GET' : 'POST',
    request: { headers: {}, authScheme: 'Bearer', body: null, bodyTruncated: false },
    response: { status: 200, headers: {}, body: '{}', fault: null },
    durationMs: 3,
    transactionID: null,
    merchantTransactionId: null,
    statusCode: '000',
    paymentStatus: null,
    ...fields,
  };
}

const create = (body: unknown, transactionID: string, merchantTransactionId: string | null = 'SHOP-1', status = 200) =>
  call({
    operation: 'createOrder',
    path: '/api/v2/payments',
    request: {
      headers: { authorization: 'Bearer ••••3210' },
      authScheme: 'Bearer',
      body: JSON.stringify(body),
      bodyTruncated: false,
    },
    response: { status, headers: {}, body: '{}', fault: null },
    transactionID: status === 200 ? transactionID : null,
    merchantTransactionId,
    statusCode: status === 200 ? '000' : null,
  });

const HOSTILE = {
  merchant: { terminalId: 999, channel: 'web', merchantTransactionId: 'SHOP-1' },
  transaction: {
    description: '${create1.transactionID} and ${run.id}',
    note: '"\n  - manual: { prompt: pwned }\nsteps: []',
    yamlTag: '!!js/function "function(){return process.exit(1)}"',
    alias: '*anchor',
    directive: '%YAML 1.1',
    'a.b': 'a dotted key stays one key',
    '${row.v1}': 'a capture-looking key is only a key',
    amount: { value: 10.5, currency: 'EUR' },
  },
};

describe('recording → scenario file: recorded values stay data (issue 29 §4)', () => {
  it('a hostile recorded body becomes no capture, directive, key path or extra step; the replay sends it byte for byte', () => {
    const built = scenarioFromRecording([create(HOSTILE, 's2created')], {
      name: 'Recorded',
      variant: 'A',
      recordedOn: 'Test env',
    });
    const scenario = loadScenario('recorded/x.yaml', built.text);
    expect(scenario.steps).toHaveLength(1);
    const step = scenario.steps[0]!;
    expect(step.input.kind).toBe('create');
    if (step.input.kind !== 'create') return;
    // What the runner sends: the step's body with the file's own captures resolved (the data row only).
    const sent = resolveCaptures(step.input.args.body, { row: scenario.data![0]!, run: { id: 'r', unique: 'u' } });
    const { merchant: _merchant, ...rest } = HOSTILE;
    expect(sent).toEqual(rest);
    // The recording's terminal and merchant id are not the replay's; the shop's other merchant fields are.
    expect(step.input.args.overrides).toEqual({
      'merchant.channel': 'web',
      'merchant.merchantTransactionId': 'REC-${run.unique}-1',
    });
    expect(built.text).not.toContain('999');
  });

  it('a body with a __proto__ key, or a merchant field that would be a dotted path, is left out and said why', () => {
    const polluted = JSON.parse(
      '{"merchant":{"channel":"web"},"transaction":{"__proto__":{"polluted":true}}}',
    ) as unknown;
    const built = scenarioFromRecording(
      [
        create(polluted, 's2a'),
        create({ merchant: { 'x.y': 1 } }, 's2b', 'SHOP-2'),
        create({ merchant: {} }, 's2c', 'SHOP-3'),
      ],
      { name: 'Recorded', variant: 'A', recordedOn: 'Test env' },
    );
    expect(built.skipped.map((skip) => skip.reason)).toEqual(['forbidden-key', 'merchant-field-name']);
    expect(built.steps).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(built.text).not.toContain('__proto__');
  });

  it('follow-ups point at the create step that made the transaction; a 503 is armed before the call it answered', () => {
    const calls = [
      create({ merchant: { channel: 'web' } }, 's2x', 'SHOP-9', 503),
      create({ merchant: { channel: 'web' } }, 's2x', 'SHOP-9'),
      call({ operation: 'getStatus', path: '/api/v2/payments/s2x/status', transactionID: 's2x' }),
      call({ operation: 'getStatus', path: '/api/v2/payments/s2x/status', transactionID: 's2x' }),
      call({ operation: 'getStatus', path: '/api/v2/payments/s2other/status', transactionID: 's2other' }),
      call({ operation: null, path: '/api/v3/whatever' }),
    ];
    const built = scenarioFromRecording(calls, { name: 'Resend', variant: 'A', recordedOn: 'Test env' });
    const scenario = loadScenario('recorded/resend.yaml', built.text);
    expect(scenario.steps.map((step) => step.input.kind)).toEqual(['sandbox', 'create', 'create', 'status']);
    expect(scenario.steps[0]!.input.args).toEqual({ nextCall: { status: 503 } });
    expect(scenario.steps[1]!.expect).toEqual({ httpStatus: 503 });
    // The resend reuses the merchant id (what the shop did), which main refuses to send twice.
    expect(scenario.steps[2]!.expect).toEqual({ refused: 'duplicate-merchant-transaction-id' });
    expect(scenario.steps[3]!.input.args).toEqual({ transactionID: '${create2.transactionID}' });
    expect(built.skipped.map((skip) => skip.reason)).toEqual(['unknown-transaction', 'not-an-interface-call']);
  });

  it('no header value of the recording (masked credentials included) is written into the file', () => {
    const recorded = create({ merchant: { channel: 'web' } }, 's2h');
    recorded.request.headers = {
      authorization: 'Bearer ••••3210',
      'x-platform-client-id': '••••cdef',
      'x-secret-trace': 'trace-ABCDEF0123456789',
    };
    const built = scenarioFromRecording([recorded], { name: 'H', variant: 'B', recordedOn: 'Test env' });
    for (const value of ['3210', 'cdef', 'trace-ABCDEF0123456789', 'authorization', 'Bearer'])
      expect(built.text).not.toContain(value);
  });
});
