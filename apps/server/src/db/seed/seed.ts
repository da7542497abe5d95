import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import { hashPassword } from '../../modules/auth/index.js';
import { saveImage } from '../../modules/images/index.js';
import { demoImagesDir } from '../../paths.js';
import type { Database } from '../database.js';
import { demoParts, demoReviews } from './demo-catalog.js';

import { demoDocuments } from './demo-datasheets.js';
import { demoRows } from './demo-rows.js';
import { demoSpareParts } from './demo-spares.js';
import { partIdsByName, seedDemoTools } from './demo-tools.js';

/**
 * Fills an empty shop with the demo catalog and reviews. A marker row, inserted in the same
 * transaction, makes sure it happens once even when several servers start together.
 */
export async function seedDemo(db: Database, uploadsDir: string, log: FastifyBaseLogger): Promise<void> {
  // Seeded already (the usual start): no pictures to store.
  const done = await db
    .selectFrom('app_state')
    .select('key')
    .where('key', '=', 'demo_seeded_at')
    .executeTakeFirst();
  if (done) return;
  const pictures = new Map<string, string>();
  for (const picture of new Set([...demoParts, ...demoSpareParts].map((part) => part.picture))) {
    const bytes = await fs.readFile(path.join(demoImagesDir, `${picture}.webp`));
    pictures.set(picture, `/api/images/${await saveImage(uploadsDir, bytes)}`);
  }
  const documents = demoDocuments();
  const seeded = await db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto('app_state')
      .values({ key: 'demo_seeded_at', value: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marker.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
    const existing = await trx
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) return undefined;

    const start = Date.now() - 60_000 * (demoParts.length + demoSpareParts.length + demoReviews.length);
    const rows = demoRows(
      demoParts,
      (picture) => pictures.get(picture) as string,
      (family) => documents.get(family) ?? [],
      start,
    );
    // One statement a table, categories before the parts that name them (PostgreSQL takes up to
    // 65,535 parameters a statement: the demo's part values are well below).
    await trx.insertInto('categories').values(rows.categories).execute();
    await trx.insertInto('parts').values(rows.parts).execute();
    await trx.insertInto('part_values').values(rows.values).execute();
    await trx
      .insertInto('reviews')
      .values(
        demoReviews.map((review, i) => ({
          id: newId(),
          user_id: null,
          name: review.name,
          rating: review.rating,
          message: review.message,
          created_at: new Date(start + (rows.parts.length + i) * 60_000).toISOString(),
        })),
      )
      .execute();
    await seedDemoTools(trx, uploadsDir, await partIdsByName(trx), rows.categoryIds);
    return rows;
  });
  if (seeded)
    log.info(
      { categories: seeded.categories.length, parts: seeded.parts.length, reviews: demoReviews.length },
      'demo catalog seeded',
    );
}

/** Makes sure the configured admin exists and is an admin; an existing password is left as it is. */
export async function ensureAdmin(
  db: Database,
  admin: { email: string; password: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  await db
    .insertInto('users')
    .values({
      id: newId(),
      name: email.split('@')[0] ?? 'Admin',
      email,
      password_hash: passwordHash,
      role: 'admin',
      mobile: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('email').doUpdateSet({ role: 'admin' }))
    .execute();
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('email', '=', email)
    .where('password_hash', 'is', null)
    .execute();
  log.info({ email }, 'seed admin ensured');
}
