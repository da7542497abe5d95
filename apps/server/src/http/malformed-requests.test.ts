import net from 'node:net';
import { describe, expect } from 'vitest';
import { test as base } from '../test-support/fixture.js';

type RawOptions = { trickle?: boolean; end?: boolean };

base.override('shopOptions', { demo: false, env: { REQUEST_TIMEOUT_SECONDS: '1' } });
/** `raw(bytes)` to the file's shop, listening on a port of its own. */
const test = base.extend('raw', { scope: 'file' }, async ({ shop }) => {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = shop.app.server.address() as net.AddressInfo;
  return (bytes: string, options?: RawOptions) => raw(port, bytes, options);
});

/**
 * Sends raw bytes and reads everything until the server closes; with `trickle`, keeps sending a
 * header line every 300 ms instead of ending (a slow client); `end: false` leaves the closing to the server.
 */
function raw(port: number, bytes: string, options: RawOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const trickle =
      options.trickle &&
      setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      if (trickle) clearInterval(trickle);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(bytes);
    if (!options.trickle && options.end !== false) socket.end();
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe("Node's own answers to requests it cannot read", () => {
  test.for<[string, string]>([
    ['garbage', 'HELLO THERE\r\n\r\n'],
    ['a broken request line', 'GET /api/health HTTP/9.9 extra\r\n\r\n'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
    ['a bad content-length', 'POST /api/messages HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['binary', '\u0000\u0001\u0002\u00ff\r\n\r\n'],
  ])('answers %s with 400 in the error shape', async ([_name, bytes], { raw }) => {
    const answer = parse(await raw(bytes));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ error: { code: 'bad_request', message: 'The request is not valid HTTP' } });
  });

  test('answers headers too large with 431 in the error shape', async ({ raw }) => {
    const answer = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body.error.code).toBe('headers_too_large');
    expect(answer.body.error.message).toBeTypeOf('string');
  });

  test('answers a request that does not arrive in time with 408 in the error shape', async ({ raw }) => {
    const answer = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\n', { trickle: true }));
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body.error.code).toBe('request_timeout');
  });

  test('still answers a well-formed request on the same server', async ({ raw }) => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', {
      end: false,
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
