import { z } from 'zod';
import { Id, line, NO_CONTROL_MESSAGE, noControlCharacters, Paging, wholeNumber } from './primitives.js';

export const Review = z.object({
  _id: Id,
  name: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  verifiedBuyer: z.boolean().describe('the reviewer has paid for at least one order'),
});
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);
export const ReviewsQuery = Paging;
export type ReviewsQuery = z.output<typeof ReviewsQuery>;

/**
 * docs/api.md: rating an integer 0–5, message 1–2000 characters kept byte for byte (only refused
 * when it holds nothing but spaces), the name trimmed.
 */
export const NewReviewBody = z.object({
  name: line({ min: 1, max: 100 }),
  rating: wholeNumber({ min: 0, max: 5 }),
  message: z
    .string({ error: 'must be text' })
    .max(2000, 'must be at most 2000 characters')
    .refine((value) => value.trim().length > 0, 'is required')
    .refine(noControlCharacters, NO_CONTROL_MESSAGE),
});
export type NewReviewBody = z.output<typeof NewReviewBody>;
