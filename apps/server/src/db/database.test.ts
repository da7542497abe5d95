import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/index.js';
import { createTestDatabase, openTestDatabase, tableNames } from '../test-support/test-app.js';
import type { OpenDatabase } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import { ensureAdmin, seedDemo } from './seed/seed.js';

const log = pino({ level: 'silent' });
const opened: { database: OpenDatabase; drop(): Promise<void> }[] = [];

async function freshDatabase() {
  const target = await createTestDatabase();
  const url = target.url;
  const database = openTestDatabase(url, 5);
  opened.push({ database, drop: target.drop });
  return { database, db: database.db, uploads: path.join(target.dataDir, 'uploads') };
}

afterEach(async () => {
  for (const { database, drop } of opened.splice(0)) {
    await database.close();
    await drop();
  }
});

const count = async (db: OpenDatabase['db'], table: 'parts' | 'reviews' | 'users') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations', () => {
  it('create every table the shop needs, and running them again changes nothing', async () => {
    const { db } = await freshDatabase();
    await migrateToLatest(db);
    const tables = await tableNames(db);
    for (const table of [
      'users',
      'refresh_tokens',
      'parts',
      'orders',
      'reviews',
      'messages',
      'payment_intents',
      'payment_events',
      'audit_log',
      'mail_outbox',
      'order_lines',
      'lists',
      'list_lines',
      'addresses',
      'quotes',
      'quote_lines',
      'quote_messages',
    ]) {
      expect(tables, table).toContain(table);
    }
    await db.insertInto('app_state').values({ key: 'kept', value: 'yes' }).execute();
    const applied = async () =>
      (
        await sql<{
          name: string;
          timestamp: string;
        }>`select name, timestamp from kysely_migration order by name`.execute(db)
      ).rows;
    const first = await applied();
    expect(first.length).toBeGreaterThanOrEqual(1);
    await migrateToLatest(db);
    await Promise.all([migrateToLatest(db), migrateToLatest(db)]);
    expect((await tableNames(db)).sort()).toEqual(tables.sort());
    expect(await applied()).toEqual(first);
    expect(
      await db.selectFrom('app_state').select('value').where('key', '=', 'kept').executeTakeFirst(),
    ).toEqual({
      value: 'yes',
    });
  });
});

describe('the demo seed', () => {
  it('fills an empty shop once with at least 12 parts and 6 reviews, with pictures it serves itself', async () => {
    const { db, uploads } = await freshDatabase();
    await migrateToLatest(db);
    await seedDemo(db, uploads, log);
    expect(await count(db, 'parts')).toBeGreaterThanOrEqual(12);
    expect(await count(db, 'reviews')).toBeGreaterThanOrEqual(6);
    const parts = await db.selectFrom('parts').selectAll().execute();
    for (const part of parts) {
      expect(part.img).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
      // As the shop takes a part: its minimum within its stock, or out of stock for now.
      if (Number(part.available_quantity) > 0)
        expect(part.min_order_quantity).toBeLessThanOrEqual(part.available_quantity);
      expect(part.price_per_piece).toBeGreaterThan(0);
    }
    const before = await count(db, 'parts');
    await seedDemo(db, uploads, log);
    await Promise.all([seedDemo(db, uploads, log), seedDemo(db, uploads, log)]);
    expect(await count(db, 'parts')).toBe(before);
  });

  it('leaves a shop that already has parts alone', async () => {
    const { db, uploads } = await freshDatabase();
    await migrateToLatest(db);
    await db
      .insertInto('parts')
      .values({
        id: '0f7a2a4e-6f0b-4a57-9d87-0c6d0d8c1a11',
        name: 'Our own part',
        name_search: 'our own part',
        desc: 'Made here',
        img: 'https://example.com/p.webp',
        price_per_piece: 5,
        available_quantity: 100,
        min_order_quantity: 10,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
    await seedDemo(db, uploads, log);
    expect(await count(db, 'parts')).toBe(1);
    expect(await count(db, 'reviews')).toBe(0);
  });
});

describe('the seed admin', () => {
  it('is created once with an argon2id hash, and an existing account is made admin without losing its password', async () => {
    const { db } = await freshDatabase();
    await migrateToLatest(db);
    await ensureAdmin(db, { email: ' Owner@Shop.Example ', password: 'first password' }, log);
    await ensureAdmin(db, { email: 'owner@shop.example', password: 'second password' }, log);
    const rows = await db.selectFrom('users').selectAll().where('email', '=', 'owner@shop.example').execute();
    expect(rows).toHaveLength(1);
    const [admin] = rows;
    expect(admin?.role).toBe('admin');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(admin?.password_hash).not.toContain('first password');
    expect(await verifyPassword('first password', admin?.password_hash ?? '')).toBe(true);

    await db
      .insertInto('users')
      .values({
        id: 'a9f0c5a2-1d6e-4c3b-8f57-2a1b3c4d5e6f',
        name: 'Buyer',
        email: 'buyer@shop.example',
        password_hash: null,
        role: null,
        mobile: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await ensureAdmin(db, { email: 'buyer@shop.example', password: 'buyer password' }, log);
    const promoted = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'buyer@shop.example')
      .executeTakeFirst();
    expect(promoted?.role).toBe('admin');
    expect(await verifyPassword('buyer password', promoted?.password_hash ?? '')).toBe(true);
  });
});
