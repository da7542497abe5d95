import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import { hashPassword } from '../../modules/auth/index.js';
import { saveImage } from '../../modules/images/index.js';
import { demoImagesDir } from '../../paths.js';
import type { Database } from '../database.js';
import { nameSortKey, searchForm } from '../text-search.js';
import { demoParts, demoReviews } from './demo-catalog.js';
import { partIdsByName, seedDemoTools } from './demo-tools.js';

/**
 * Fills an empty shop with the demo catalog and reviews. A marker row, inserted in the same
 * transaction, makes sure it happens once even when several servers start together.
 */
export async function seedDemo(db: Database, uploadsDir: string, log: FastifyBaseLogger): Promise<void> {
  const pictures = new Map<string, string>();
  for (const part of demoParts) {
    const bytes = await fs.readFile(path.join(demoImagesDir, `${part.picture}.webp`));
    pictures.set(part.picture, await saveImage(uploadsDir, bytes));
  }
  const seeded = await db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto('app_state')
      .values({ key: 'demo_seeded_at', value: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marker.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const existing = await trx
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) return false;

    const start = Date.now() - 60_000 * (demoParts.length + demoReviews.length);
    await trx
      .insertInto('parts')
      .values(
        demoParts.map((part, i) => ({
          id: newId(),
          name: part.name,
          name_search: searchForm(part.name),
          name_sort: nameSortKey(part.name),
          desc: part.desc,
          img: `/api/images/${pictures.get(part.picture)}`,
          price_per_piece: part.price_per_piece,
          available_quantity: part.available_quantity,
          min_order_quantity: part.min_order_quantity,
          created_at: new Date(start + i * 1000).toISOString(),
          deleted_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('reviews')
      .values(
        demoReviews.map((review, i) => ({
          id: newId(),
          user_id: null,
          name: review.name,
          rating: review.rating,
          message: review.message,
          created_at: new Date(start + (demoParts.length + i) * 60_000).toISOString(),
        })),
      )
      .execute();
    await seedDemoTools(trx, uploadsDir, await partIdsByName(trx));
    return true;
  });
  if (seeded) log.info({ parts: demoParts.length, reviews: demoReviews.length }, 'demo catalog seeded');
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
