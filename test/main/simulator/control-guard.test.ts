/**
 * The control API as a web page open in the user's browser would reach it (issue 25, §6): it must not be
 * able to mark an order paid, reset the Sandbox or read its state, whether it posts cross-site, asks a
 * preflight, or re-points its own name at 127.0.0.1. Real server, raw requests (so Origin and Host can be
 * whatever an attacker's page makes the browser send).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './harness';

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await Harness.start();
  port = Number(new URL(h.sim.url).port);
});
afterAll(() => h.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function raw(method: string, path: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ownHost = () => `127.0.0.1:${port}`;
const pay = (id: string, headers: Record<string, string>) =>
  raw('POST', `/__simulator/transactions/${id}/complete`, headers, '{"paymentStatus":"Success"}');

describe('control API: cross-site requests (issue 25 §6 defect: a text/plain POST with a foreign Origin marked an order paid)', () => {
  it('a cross-site text/plain POST with a foreign Origin cannot mark a Sandbox order paid', async () => {
    const { id } = await h.order('A');
    const answer = await pay(id, { Host: ownHost(), Origin: 'http://evil.example', 'Content-Type': 'text/plain' });
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/another origin/);
    expect(await h.paymentStatus(id)).toBe('Pending');
  });

  it('a simple POST without Origin still needs Content-Type: application/json (415), so a form cannot pay', async () => {
    const { id } = await h.order('A');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await pay(id, { Host: ownHost(), 'Content-Type': contentType });
      expect(answer.status, contentType).toBe(415);
      expect(answer.text).toMatch(/Content-Type: application\/json/);
    }
    const noType = await raw('POST', '/__simulator/reset', { Host: ownHost() });
    expect(noType.status).toBe(415);
    expect(await h.paymentStatus(id)).toBe('Pending');
  });

  it('a foreign page cannot reset the Sandbox (neither as a simple request nor with JSON)', async () => {
    const { id } = await h.order('A');
    const simple = await raw('POST', '/__simulator/reset', { Host: ownHost(), Origin: 'http://evil.example' });
    expect(simple.status).toBe(403);
    const json = await raw(
      'POST',
      '/__simulator/reset',
      { Host: ownHost(), Origin: 'null', 'Content-Type': 'application/json' },
      '{}',
    );
    expect(json.status).toBe(403);
    expect(await h.paymentStatus(id)).toBe('Pending');
  });

  it('a preflight is never granted: no Access-Control-Allow-* header, whoever asks', async () => {
    for (const origin of ['http://evil.example', `http://${ownHost()}`]) {
      const answer = await raw('OPTIONS', '/__simulator/reset', {
        Host: ownHost(),
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('control API: DNS rebinding (issue 25 §6: refuse a Host that is not a name of this server)', () => {
  it('a page whose name points at 127.0.0.1 can neither pay an order nor read the transactions', async () => {
    const { id } = await h.order('A');
    const rebound = 'rebind.evil.example';
    const paid = await pay(id, {
      Host: `${rebound}:${port}`,
      Origin: `http://${rebound}:${port}`,
      'Content-Type': 'application/json',
    });
    expect(paid.status).toBe(403);
    expect(paid.text).toMatch(/loopback name/);
    const read = await raw('GET', '/__simulator/transactions', { Host: `${rebound}:${port}` });
    expect(read.status).toBe(403);
    expect(read.text).not.toContain(id);
    expect(await h.paymentStatus(id)).toBe('Pending');
  });
});

describe('control API: what stays allowed', () => {
  it('scripts (no Origin) and the simulator’s own origin, by any loopback name, with JSON', async () => {
    const { id } = await h.order('A');
    for (const host of [ownHost(), `localhost:${port}`, `LOCALHOST:${port}`]) {
      const read = await raw('GET', `/__simulator/transactions/${id}`, { Host: host });
      expect(read.status, host).toBe(200);
    }
    const sameOrigin = await pay(id, {
      Host: ownHost(),
      Origin: `http://${ownHost()}`,
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(sameOrigin.status).toBe(200);
    expect(await h.paymentStatus(id)).toBe('Success');
  });

  it('the gateway API keeps answering server-to-server clients whatever Host they name', async () => {
    const answer = await raw(
      'GET',
      `${h.sim.basePath}/${h.sim.version}/payments/s2nope/status`,
      h.headers(h.bearer(), { Host: 'simulator.ci.internal:4010', 'Content-Type': undefined }),
    );
    // Reached the gateway's own handling (unknown transaction), not a refusal of the caller.
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/s2nope/);
  });
});
