import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import { createTestDatabase, migrateBefore, openTestDatabase } from '../../test-support/test-app.js';

/** Migration 0012 lets the outbox carry account mails: the order mails already in it stay as they were. */
let target: Awaited<ReturnType<typeof createTestDatabase>>;
let database: ReturnType<typeof openTestDatabase>;
beforeAll(async () => {
  target = await createTestDatabase();
  database = openTestDatabase(target.url);
});
afterAll(async () => {
  await database.close();
  await target.drop();
});

describe('0012_account_links', () => {
  it('keeps every queued order mail, its order now named as the subject, still queued once', async () => {
    // The table as it was before 0012 has columns the shop's types no longer name.
    const db = database.db as unknown as Kysely<any>;
    await migrateBefore(db, '0012_account_links');
    const row = {
      id: '01a2b3c4-0000-7000-8000-000000000001',
      kind: 'order_placed',
      order_id: '01a2b3c4-0000-7000-8000-0000000000aa',
      recipient: 'buyer@example.com',
      status: 'pending',
      attempts: 0,
      next_attempt_at: '2026-01-01T00:00:00.000Z',
      claimed_until: null,
      last_error: null,
      created_at: '2026-01-01T00:00:00.000Z',
      sent_at: null,
    };
    await db.insertInto('mail_outbox').values(row).execute();
    await migrateToLatest(db);
    const { order_id, ...rest } = row;
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([
      { ...rest, subject_id: order_id },
    ]);
    await expect(
      db
        .insertInto('mail_outbox')
        .values({ ...rest, id: '01a2b3c4-0000-7000-8000-000000000002', subject_id: order_id })
        .execute(),
    ).rejects.toThrow();
  });
});
