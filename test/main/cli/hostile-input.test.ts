/**
 * Nothing from outside steers a call or the user's terminal: transaction ids that would change the URL
 * path are refused by every command and contract method with nothing sent, and control sequences in a
 * gateway's answer reach the terminal escaped (while --json stays valid JSON).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { mbwayCommand } from '../../../src-main/cli/mbway-command';
import { referenceCommand } from '../../../src-main/cli/reference-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { startFaultServer } from '../../support/fault-server';
import { startCore } from '../core/harness';
import { connectionTo } from '../gateway/fixtures';

const BAD_IDS = ['.', '..', '', '../status', 'a/b', '%2e%2e', 's2abc?x=1', 's2abc#f', 'a b', 'x'.repeat(37)];

let server: Awaited<ReturnType<typeof startFaultServer>>;
const savedEnv = { ...process.env };

const capture = () => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  return { io, out };
};

const useEnvironmentProfile = () =>
  Object.assign(process.env, {
    GATEWAY_BASE_URL: server.url,
    GATEWAY_TOKEN: 'hostile-input-token-0001',
    GATEWAY_CLIENT_ID: 'hostile-input-client-0002',
    GATEWAY_TERMINAL_ID: '1000001',
    GATEWAY_VARIANT: 'A',
    GATEWAY_TRANSACTION_SIGNATURE: 'hostile-input-signature-0003',
  });

beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());
afterEach(() => {
  process.env = { ...savedEnv };
  server.reset();
});

describe('transaction ids that would change the path are refused, nothing sent', () => {
  const commands = [
    ['status', statusCommand, []],
    ['reference', referenceCommand, []],
    ['mbway', mbwayCommand, ['--phone', '912345678']],
  ] as const;

  for (const [name, command, extra] of commands)
    it.each(BAD_IDS)(`cli ${name} %j exits 3 with a clear error`, async (id) => {
      useEnvironmentProfile();
      const { io, out } = capture();
      expect(await command.runWith([id, ...extra], io)).toBe(3);
      expect(out.stderr).toMatch(/^Refused, nothing was sent: the transaction id /);
      expect(server.seen).toEqual([]);
    });

  it.each(['payments.status', 'payments.generateReference', 'payments.mbwayPurchase', 'payments.performAction'])(
    'the contract refuses each bad id for %s before any handler runs',
    async (method) => {
      const harness = await startCore({ simulator: false });
      try {
        for (const id of BAD_IDS) {
          const input = {
            profileId: 'any',
            transactionId: id,
            ...(method === 'payments.mbwayPurchase' ? { phone: '912345678' } : {}),
            ...(method === 'payments.performAction' ? { url: `${server.url}/x`, params: [] } : {}),
          };
          const result = await harness.core.dispatch(method, input);
          expect(result, `${method} ${JSON.stringify(id)}`).toMatchObject({
            ok: false,
            error: { code: 'invalid-input' },
          });
        }
      } finally {
        await harness.close();
        await harness.removeDir();
      }
      expect(server.seen).toEqual([]);
    },
  );

  it('the SDK refuses them for every endpoint, whoever calls it', async () => {
    const sender = new RequestSender({ totalTimeoutMs: 1_000 });
    const client = new GatewayClient(sender);
    const connection = connectionTo(server.url);
    try {
      for (const id of BAD_IDS) {
        const calls = [
          () => client.getStatus(connection, id),
          () => client.generateReference(connection, id, 'signature-0004'),
          () => client.mbwayPurchase(connection, id, 'signature-0004', '912345678'),
          () =>
            client.performAction(connection, {
              transactionId: id,
              url: `${server.url}/x`,
              params: [],
              signature: null,
            }),
        ];
        for (const call of calls)
          await expect(call()).rejects.toMatchObject({ code: 'invalid-request', issues: [{ path: 'transactionId' }] });
      }
    } finally {
      await sender.close();
    }
    expect(server.seen).toEqual([]);
  });
});

describe('control characters from the gateway never reach the terminal raw', () => {
  const HOSTILE = '\u001b[2J\u001b]52;c;cHduZWQ=\u0007\u001b]0;owned\u0007\u009b31m';

  it('escapes C0/C1 in every human-readable line; --json stays valid JSON with nothing raw', async () => {
    useEnvironmentProfile();
    const body = {
      returnStatus: { statusCode: 'E0501', statusMsg: HOSTILE, statusDescription: HOSTILE },
      paymentStatus: `Pending${HOSTILE}`,
      transactionID: 's2hostile000000000001',
    };
    server.always({ kind: 'answer', status: 200, body });
    const human = capture();
    await statusCommand.runWith(['s2hostile000000000001'], human.io);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(human.out.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(human.out.stdout).toContain('\\x1b[2J');
    expect(human.out.stdout).toContain('\\x1b]52;c;');
    expect(human.out.stdout).toContain('\\x9b31m');

    const json = capture();
    await statusCommand.runWith(['s2hostile000000000001', '--json'], json.io);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(json.out.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(json.out.stdout).returnStatus.statusMsg).toBe(HOSTILE);
  });
});
