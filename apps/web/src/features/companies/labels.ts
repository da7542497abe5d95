import type { CompanyRole, PaymentTerms } from '@shop/contract/companies';
import { formatDollars } from '../../lib/format';

/** How the pages name a role, payment terms and a monthly limit. */
export const ROLE_LABEL: Record<CompanyRole, string> = { admin: 'Admin', buyer: 'Buyer' };
export const TERMS_LABEL: Record<PaymentTerms, string> = {
  card: 'Card',
  net30: 'Net 30 (invoice, 30 days to pay)',
};
export const limitLabel = (limit: number | undefined) =>
  limit === undefined ? 'No limit' : `${formatDollars(limit)} a month`;
