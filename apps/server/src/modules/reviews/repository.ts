import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import type { ReviewRow } from '../../db/schema.js';

export type ListedReview = ReviewRow & { verified_buyer: boolean | number };

/**
 * A page of reviews, newest first, and how many there are in all; each says whether its reviewer
 * has paid for an order (read now, so a payment after the review counts).
 */
export async function listReviews(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: ListedReview[]; total: number }> {
  return pageWithTotal(
    db
      .selectFrom('reviews')
      .selectAll('reviews')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('orders')
              .select('orders.id')
              .whereRef('orders.user_id', '=', 'reviews.user_id')
              .where('orders.paid_at', 'is not', null),
          )
          .as('verified_buyer'),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page,
  );
}

export async function insertReview(db: Database, review: ReviewRow): Promise<void> {
  await db.insertInto('reviews').values(review).execute();
}
