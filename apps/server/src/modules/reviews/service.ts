import type { NewReviewBody, Review, ReviewsQuery } from '@shop/contract/reviews';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import * as reviews from './repository.js';

export function toReview(row: reviews.ListedReview): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: Number(row.rating),
    message: row.message,
    createdAt: row.created_at,
    // PostgreSQL answers a boolean, SQLite 1 or 0.
    verifiedBuyer: row.verified_buyer === true || Number(row.verified_buyer) === 1,
  };
}

/** A page of reviews, newest first, and how many there are in all. */
export async function listNewestReviews(
  db: Database,
  page: ReviewsQuery,
): Promise<{ reviews: Review[]; total: number }> {
  const { rows, total } = await reviews.listReviews(db, page);
  return { reviews: rows.map(toReview), total };
}

/** A buyer's review, tied to their account; the message is kept exactly as written. */
export async function addReview(db: Database, userId: string, body: NewReviewBody): Promise<string> {
  const id = newId();
  await reviews.insertReview(db, {
    id,
    user_id: userId,
    name: body.name,
    rating: body.rating,
    message: body.message,
    created_at: nowIso(),
  });
  return id;
}
