import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { originOf } from '@shared/origin';
import { CURL_PLACEHOLDERS, toCurl as toCurlFor } from '../../../src-renderer/src/components/inspector/curl';
import { makeExchange } from '../db/fixtures';

const TOKEN = 'sbx_Zr8kQ2mVw9LpT4xYc7NbH1eJ';
const CLIENT_ID = 'client-7f3e9a2b5c1d';
const SIGNATURE = 'sig_Qm4tR8vX2zB6nK0pW3yL';
/** As for an exchange of a profile whose credentials are for the exchange's own origin. */
const toCurl = (exchange: Pick<Exchange, 'method' | 'url' | 'request'>) => toCurlFor(exchange, originOf(exchange.url));

describe('copy as cURL', () => {
  it('writes bearer and client id as placeholders, not even their masked last four', () => {
    const curl = toCurl(
      makeExchange({
        method: 'GET',
        request: { headers: { Authorization: 'Bearer ••••Hc1e', 'X-Platform-Client-Id': '••••1c1d' }, body: null },
      }),
    );
    expect(curl).toContain(`-H 'Authorization: Bearer '"${CURL_PLACEHOLDERS.token}"`);
    expect(curl).toContain(`-H 'X-Platform-Client-Id: '"${CURL_PLACEHOLDERS.clientId}"`);
    expect(curl).not.toContain('••••');
    expect(curl).not.toMatch(/Hc1e|1c1d/);
  });

  it('writes the Digest signature of a follow-up call as $TRANSACTION_SIGNATURE', () => {
    const curl = toCurl(
      makeExchange({
        method: 'POST',
        url: 'http://127.0.0.1:9/api/v2/payments/s2abc/service-reference/generate',
        request: { headers: { Authorization: 'Digest ••••W3yL', 'X-Custom-Client-ID': '••••1c1d' }, body: '{}' },
      }),
    );
    expect(curl).toContain(`'Authorization: Digest '"${CURL_PLACEHOLDERS.signature}"`);
    expect(curl).toContain(`'X-Custom-Client-ID: '"${CURL_PLACEHOLDERS.clientId}"`);
    expect(curl).toContain("--data-raw '{}'");
    expect(curl).not.toContain('W3yL');
  });

  it('never contains a secret, even from a record whose headers were not masked', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/),
        fc.constantFrom('Bearer', 'Digest'),
        (secret, clientId, scheme) => {
          const curl = toCurl(
            makeExchange({
              method: 'POST',
              request: {
                headers: { authorization: `${scheme} ${secret}`, 'x-platform-client-id': clientId },
                body: '{"customerPhone":"351#912345678"}',
              },
            }),
          );
          return !curl.includes(secret) && !curl.includes(clientId);
        },
      ),
    );
    const curl = toCurl(
      makeExchange({
        request: { headers: { Authorization: `Digest ${SIGNATURE}`, 'X-Platform-Client-Id': CLIENT_ID }, body: null },
      }),
    );
    expect(curl).not.toContain(SIGNATURE);
    expect(curl).not.toContain(CLIENT_ID);
    expect(curl).not.toContain(TOKEN);
  });

  it('defect (issue 25): a header with a mask in it named the environment variable Copy as cURL read', () => {
    const curl = toCurl(
      makeExchange({ request: { headers: { 'X-Api-Key': 'key ••••9z9z', Home: 'x-••••abcd' }, body: null } }),
    );
    expect(curl).toContain(`-H 'X-Api-Key: key ••••9z9z'`);
    expect(curl).toContain(`-H 'Home: x-••••abcd'`);
    expect(curl).not.toMatch(/\$(X_API_KEY|HOME)/);
  });

  it("a profile's client-id header of any name, masked whole, reads the fixed $GATEWAY_CLIENT_ID", () => {
    const curl = toCurl(makeExchange({ request: { headers: { 'X-Merchant': '••••9z9z' }, body: null } }));
    expect(curl).toContain(`-H 'X-Merchant: '"$GATEWAY_CLIENT_ID"`);
  });

  it('is a command the shell reads back exactly: quotes in the body survive, placeholders expand', async () => {
    const body = `{"description":"Joe's \`shop\` $HOME \\"quoted\\""}`;
    const curl = toCurl(
      makeExchange({
        method: 'POST',
        url: 'http://127.0.0.1:9/api/v2/payments',
        request: { headers: { Authorization: 'Bearer ••••abcd', 'Content-Type': 'application/json' }, body },
      }),
    );
    // Replace `curl` by a printer of its arguments, one per line, and run the command through sh.
    // (Loaded by name: the renderer project has DOM types only, and this one test needs a real shell.)
    const childProcess = 'node:child_process';
    const { execFileSync } = (await import(/* @vite-ignore */ childProcess)) as {
      execFileSync(file: string, args: string[], options: { env: Record<string, string>; encoding: 'utf8' }): string;
    };
    const printed = execFileSync('/bin/sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl}`], {
      env: { GATEWAY_TOKEN: 'the-token' },
      encoding: 'utf8',
    });
    expect(printed.split('\n')).toEqual([
      '-X',
      'POST',
      '--globoff',
      'http://127.0.0.1:9/api/v2/payments',
      '-H',
      'Authorization: Bearer the-token',
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      body,
      '',
    ]);
  });

  it('defect (issue 25): a JSON field name in the body named a variable to read; a hostile method ran in the shell', async () => {
    const body = '{"transactionID":"s2abc","actionToken":"••••9z9z","HOME":"••••home"}';
    const curl = toCurl(
      makeExchange({ method: 'POST $(echo pwned >&2)', url: 'http://127.0.0.1:9/a', request: { headers: {}, body } }),
    );
    const childProcess = 'node:child_process';
    const { spawnSync } = (await import(/* @vite-ignore */ childProcess)) as {
      spawnSync(
        file: string,
        args: string[],
        options: { env: Record<string, string>; encoding: 'utf8' },
      ): { stdout: string; stderr: string };
    };
    const { stdout, stderr } = spawnSync('/bin/sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl}`], {
      env: { ACTION_TOKEN: 'the-token', HOME: '/home/secret-user' },
      encoding: 'utf8',
    });
    expect(stderr).not.toContain('pwned');
    expect(stdout).toContain('POST $(ECHO PWNED >&2)');
    expect(stdout).toContain(body);
    expect(stdout).not.toMatch(/the-token|secret-user/);
  });

  it('leaves out headers curl computes itself', () => {
    const curl = toCurl(
      makeExchange({
        request: { headers: { 'Content-Length': '12', Host: 'gateway', Accept: 'application/json' }, body: null },
      }),
    );
    expect(curl).not.toMatch(/Content-Length|Host:/);
    expect(curl).toContain("-H 'Accept: application/json'");
  });

  it("defect (issue 25): an imported record's URL on another host made the command send $GATEWAY_TOKEN there", () => {
    const exchange = makeExchange({
      method: 'GET',
      url: 'https://collector.example/api/v2/payments/abc/status',
      request: { headers: { Authorization: 'Bearer ••••Hc1e', 'X-Client-Id': '••••1c1d' }, body: null },
    });
    for (const curl of [toCurlFor(exchange, 'http://127.0.0.1:40123'), toCurlFor(exchange, null)]) {
      expect(curl).not.toMatch(/\$GATEWAY_|\$TRANSACTION_/);
      expect(curl).toContain(`-H 'Authorization: Bearer ••••Hc1e'`);
    }
  });
});
