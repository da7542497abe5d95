import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') });
