import { zodResolver } from '@hookform/resolvers/zod';
import { CompanyBody, CompanyRole, SpendingLimit } from '@shop/contract/companies';
import { Email } from '@shop/contract/primitives';
import { z } from 'zod';

/** A monthly limit as typed: empty for none, else whole dollars (the API's rule). */
export const TypedLimit = z
  .string()
  .trim()
  .transform((typed): string | number | null => (typed === '' ? null : typed))
  .pipe(SpendingLimit);

/** The company forms' rules, the API's own; loaded when a form is first used (see lazyRules). */
export const companyRules = zodResolver(
  z
    .object({
      name: CompanyBody.shape.name,
      vatId: z.string().trim().max(30, 'must be at most 30 characters'),
    })
    .refine((form) => form.vatId === '' || form.vatId.length >= 2, {
      path: ['vatId'],
      message: 'must be at least 2 characters',
    }),
);
export const invitationRules = zodResolver(
  z.object({ email: Email, role: CompanyRole, spendingLimit: TypedLimit }),
);
