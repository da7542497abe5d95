import pino from 'pino';
import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';
import { loggerOptions } from './logging.js';

function capture() {
  const lines: Record<string, any>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, stream };
}

const access = capture();
test.override('shopOptions', { demo: false, env: { LOG_LEVEL: 'info' }, logStream: access.stream });

describe('a request logger', () => {
  test('writes secrets redacted', () => {
    const { lines, stream } = capture();
    const options = loggerOptions('info', stream) as pino.LoggerOptions & { stream: typeof stream };
    const log = pino(options, options.stream).child({ reqId: 'r-1' });
    log.debug('not written');
    expect(lines).toEqual([]);
    log.warn({ user: { email: 'a@b.example', password: 'hunter2' } }, 'careful');
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'r-1',
        msg: 'careful',
        user: { email: 'a@b.example', password: '[redacted]' },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });
});

describe('the access line', () => {
  test("is Fastify's two lines, with the request's id, method, URL, status and time", async ({ as }) => {
    const res = await as(null).get('/api/parts?limit=3');
    expect(res.statusCode).toBe(200);
    const mine = access.lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'incoming request',
        req: expect.objectContaining({ method: 'GET', url: '/api/parts?limit=3' }),
      }),
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  test('leaves out the query of an auth path', async ({ as }) => {
    const res = await as(null).get('/api/auth/google/callback?code=secret-code&state=s');
    const mine = access.lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine)).not.toContain('secret-code');
  });
});
