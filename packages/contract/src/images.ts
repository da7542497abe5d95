import { z } from 'zod';

/** `POST /api/images` answers in the shape of docs/product.md's image host. */
export const UploadedImage = z.object({
  status: z.literal(200),
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
