/**
 * A recorded call keeps its request headers packed into one string (packed-headers.ts); read back, they
 * must be exactly what Node's `req.headers` made of the same request, repeats and odd names included,
 * or the record would show (and the findings judge) headers the simulator never acted on.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { packHeaders, unpackHeaders } from '../../../src-main/simulator/packed-headers';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** What Node made of a raw request head, and what unpacking its packed raw headers gives. */
async function bothReadings(
  headLines: string[],
): Promise<{ node: IncomingHttpHeaders; unpacked: IncomingHttpHeaders }> {
  const seen = new Promise<{ node: IncomingHttpHeaders; unpacked: IncomingHttpHeaders }>((resolve) => {
    server = createServer((req, res) => {
      resolve({ node: req.headers, unpacked: unpackHeaders(packHeaders(req.rawHeaders)!) });
      res.end();
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const socket = connect((server!.address() as AddressInfo).port, '127.0.0.1');
  socket.on('data', () => socket.end());
  socket.write(['GET / HTTP/1.1', ...headLines, '', ''].join('\r\n'));
  return seen;
}

describe('packed request headers', () => {
  it('read back as Node reads them: first of a single-valued header kept, cookies joined with ";", others with ","', async () => {
    const { node, unpacked } = await bothReadings([
      'Host: shop.example',
      'Host: other.example',
      'Authorization: Bearer first-token',
      'authorization: Bearer second-token',
      'Content-Type: application/json',
      'CONTENT-TYPE: text/plain',
      'User-Agent: shop/1',
      'User-Agent: shop/2',
      'Content-Length: 0',
      'X-Shop-Tag: a',
      'x-shop-tag: b',
      'Accept: */*',
      'Accept: text/plain',
      'Cookie: a=1',
      'Cookie: b=2',
      'Set-Cookie: q=1',
      'Set-Cookie: r=2',
      '__proto__: polluted',
      'constructor: x',
      'X-Empty:',
    ]);
    expect(unpacked).toEqual(node);
    expect(unpacked.authorization).toBe('Bearer first-token');
    expect(unpacked['x-shop-tag']).toBe('a, b');
    expect(Object.getPrototypeOf(unpacked)).toBe(Object.prototype);
  });

  it('a name or value with a line break (only a lenient parser lets one through) is not packed', () => {
    expect(packHeaders(['X-Note', 'one\ntwo'])).toBeNull();
    expect(packHeaders(['X-Note', 'one two'])).toBe('X-Note\none two');
    expect(unpackHeaders(packHeaders([])!)).toEqual({});
  });
});
