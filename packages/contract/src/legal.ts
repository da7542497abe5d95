import { z } from 'zod';

/**
 * Who runs the shop, as its imprint, terms of sale and privacy notice name them (the SELLER_*
 * settings, docs/operations.md): each field only as far as it is configured. The bank details
 * stay on invoices.
 */
export const Operator = z.object({
  legalName: z.string().optional(),
  /** Its lines, in order. */
  address: z.array(z.string()).optional(),
  taxId: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type Operator = z.infer<typeof Operator>;
