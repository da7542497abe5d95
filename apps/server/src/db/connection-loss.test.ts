import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { holdTable } from '../test-support/table-lock.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { createTestDatabase, loadTestConfig, testDialect } from '../test-support/test-app.js';
import { type OpenDatabase, openDatabase } from './database.js';
import { migrateToLatest } from './migrations/index.js';

/**
 * A shop whose PostgreSQL goes away and comes back: the server reaches it through a TCP proxy
 * the test cuts and restores, while the shared PostgreSQL keeps running for the other tests.
 */
describe.runIf(testDialect() === 'postgres')('PostgreSQL going away, coming back, answering slowly', () => {
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    target = await createTestDatabase();
    const direct = new URL(target.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await proxy?.close();
    await target?.drop();
  });

  async function startServer(
    env: Record<string, string>,
  ): Promise<{ app: FastifyInstance; database: OpenDatabase }> {
    const config = loadTestConfig({ DATA_DIR: target.dataDir, ...env });
    const database = openDatabase(config.database);
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, webDist: path.join(target.dataDir, 'no-web-app') });
    servers.push(app);
    await app.ready();
    return { app, database };
  }

  const expectUnavailable = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('unavailable');
    expect(res.json().error.message).toMatch(/database is not answering/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('answers 503 on /api/health and clear 503s on API calls while it is away, and recovers', async () => {
    const { app } = await startServer({
      DATABASE_URL: proxy.url(target.url),
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
    });
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/parts')).statusCode).toBe(200);

    // A request holding a connection when the database goes: it fails with a 503, and the
    // process lives on.
    // Public reads are answered from the cache while the catalog is unchanged: each read below
    // asks for a page not read before, so it goes to the database.
    const held = await holdTable(target.url, 'reviews');
    const inFlight = get('/api/review?offset=1');
    try {
      await held.untilWaiting();
      await proxy.cut();
    } finally {
      await held.release();
    }
    expectUnavailable(await inFlight);

    const health = await get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('unavailable');
    expectUnavailable(await get('/api/parts?offset=2'));
    expectUnavailable(await get('/api/review?offset=2'));
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'buyer@example.com', password: 'a password of some length' },
      }),
    );

    await proxy.restore();
    // The pool drops the broken connections and opens new ones: no restart needed.
    await vi.waitFor(async () => expect((await get('/api/health')).statusCode).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await get('/api/parts?offset=3')).statusCode).toBe(200);
    expect((await get('/api/review?offset=3')).statusCode).toBe(200);
  });

  it('cancels a statement past DATABASE_STATEMENT_TIMEOUT_MS and answers 503', async () => {
    const { app, database } = await startServer({
      DATABASE_URL: target.url,
      // Long enough that a busy machine's ordinary query stays under it, short for the held one.
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
    });
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
    expect(shown.rows[0]?.statement_timeout).toBe('1500ms');

    // Another session holds the parts table: the catalog query waits on it past the timeout.
    const held = await holdTable(target.url, 'reviews');
    try {
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/review' }));
    } finally {
      await held.release();
    }
    expect((await app.inject({ method: 'GET', url: '/api/review' })).statusCode).toBe(200);
  });
});
