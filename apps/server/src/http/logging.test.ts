import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../test-support/test-app.js';
import { loggerOptions } from './logging.js';

function capture() {
  const lines: Record<string, any>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, stream };
}

describe('a request logger', () => {
  it('writes secrets redacted', () => {
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
  let shop: TestShop;
  const { lines, stream } = capture();
  beforeAll(async () => {
    shop = await createTestShop({ demo: false, env: { LOG_LEVEL: 'info' }, logStream: stream });
  });
  afterAll(async () => {
    await shop.close();
  });

  it("is Fastify's two lines, with the request's id, method, URL, status and time", async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((line) => line.reqId === res.headers['x-request-id']);
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

  it('leaves out the query of an auth path', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=secret-code&state=s',
    });
    const mine = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine)).not.toContain('secret-code');
  });
});
