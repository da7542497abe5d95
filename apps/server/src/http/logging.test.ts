import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../test-support/test-app.js';
import { loggerOptions, RequestLogger } from './logging.js';

function capture() {
  const lines: Record<string, any>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, stream };
}

describe('a request logger', () => {
  it('writes as a child of the root logger would, secrets redacted, only when used', () => {
    const { lines, stream } = capture();
    const options = loggerOptions('info', stream) as pino.LoggerOptions & { stream: typeof stream };
    const root = pino(options, options.stream);
    const log = new RequestLogger(root, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    expect(log.isLevelEnabled('debug')).toBe(false);
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

  it('is one line per request with its id, method, URL, status and time', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/parts?limit=3' }),
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
