import type { Review, ReviewsQuery } from '@shop/contract/reviews';
import type { Database } from '../../db/database.js';
import type { ReviewRow } from '../../db/schema.js';
import * as reviews from './repository.js';

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: Number(row.rating),
    message: row.message,
    createdAt: row.created_at,
  };
}

export async function listNewestReviews(
  db: Database,
  page: ReviewsQuery,
): Promise<{ reviews: Review[]; total: number }> {
  const { rows, total } = await reviews.listReviews(db, page);
  return { reviews: rows.map(toReview), total };
}
