import { z } from 'zod';
import { Id, Paging } from './primitives.js';

export const Review = z.object({
  _id: Id,
  name: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);
export const ReviewsQuery = Paging;
export type ReviewsQuery = z.output<typeof ReviewsQuery>;
