import type { Database } from '../../db/database.js';
import type { ReviewRow } from '../../db/schema.js';

/** A page of reviews, newest first, and how many there are in all. */
export async function listReviews(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('reviews')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertReview(db: Database, review: ReviewRow): Promise<void> {
  await db.insertInto('reviews').values(review).execute();
}
