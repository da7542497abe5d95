import { z } from 'zod';
import { Email, Id, line, Paging, wholeNumber } from './primitives.js';

/** How a company pays: by card like anyone, or on account with 30 days to pay the invoice. */
export const PAYMENT_TERMS = ['card', 'net30'] as const;
export const PaymentTerms = z.enum(PAYMENT_TERMS, { error: 'must be card or net30' });
export type PaymentTerms = z.infer<typeof PaymentTerms>;

/** A company admin manages members, limits and approvals; a buyer orders. */
export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export const CompanyRole = z.enum(COMPANY_ROLES, { error: 'must be admin or buyer' });
export type CompanyRole = z.infer<typeof CompanyRole>;

/** Days a net-30 invoice has before it falls due. */
export const NET_TERMS_DAYS = 30;
/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;
/** The largest monthly spending limit, whole dollars. */
export const MAX_SPENDING_LIMIT = 100_000_000;

/** Whole dollars a calendar month (UTC); null or left out: no limit. */
export const SpendingLimit = wholeNumber({ min: 0, max: MAX_SPENDING_LIMIT })
  .nullable()
  .describe('whole dollars a calendar month (UTC); null: no limit');

export const CompanyBody = z.object({
  name: line({ min: 1, max: 200 }),
  vatId: line({ min: 2, max: 30 }).optional().describe("the company's VAT identification number"),
});
export type CompanyBody = z.output<typeof CompanyBody>;
export type CompanyInput = z.input<typeof CompanyBody>;

export const CompanyMember = z.object({
  uid: Id,
  name: z.string(),
  email: z.string(),
  role: CompanyRole,
  spendingLimit: z.number().int().optional(),
});
export type CompanyMember = z.infer<typeof CompanyMember>;

export const Company = z.object({
  _id: Id,
  name: z.string(),
  vatId: z.string().optional(),
  paymentTerms: PaymentTerms,
  members: z.array(CompanyMember),
});
export type Company = z.infer<typeof Company>;

export const InvitationBody = z.object({
  email: Email,
  role: CompanyRole,
  spendingLimit: SpendingLimit.optional(),
});
export type InvitationBody = z.output<typeof InvitationBody>;
export type InvitationInput = z.input<typeof InvitationBody>;

export const InvitationAcceptBody = z.object({ token: line({ min: 1, max: 200 }) });

/** `PUT /api/companies/{id}/members/{uid}`: either or both. */
export const MemberBody = z
  .object({ role: CompanyRole.optional(), spendingLimit: SpendingLimit.optional() })
  .refine((body) => body.role !== undefined || body.spendingLimit !== undefined, {
    message: 'must change role or spendingLimit',
  });
export type MemberBody = z.output<typeof MemberBody>;

export const PaymentTermsBody = z.object({ paymentTerms: PaymentTerms });
export const SettlementBody = z.object({ reference: line({ min: 1, max: 100 }) });

export const CompanyIdParams = z.object({ id: Id });
export const MemberParams = z.object({ id: Id, uid: Id });

/** `POST /api/invitations/accept`: the company the caller joined. */
export const AcceptedInvitation = z.object({ companyId: Id });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

/** The most invitations a company may have waiting at once (each mails someone). */
export const MAX_PENDING_INVITATIONS = 50;

export {
  COMPANY_FULL_INVITE_MESSAGE,
  COMPANY_FULL_JOIN_MESSAGE,
  MAX_COMPANY_MEMBERS,
} from './company-limits.js';

/** An invitation not yet accepted and not expired, as its company's admins see it. */
export const PendingInvitation = z.object({
  _id: Id,
  email: z.string(),
  role: CompanyRole,
  spendingLimit: z.number().int().optional(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;
export const PendingInvitationList = z.array(PendingInvitation);

/** A company as the shop's admin lists them (`GET /api/companies`). */
export const CompanySummary = z.object({
  _id: Id,
  name: z.string(),
  vatId: z.string().optional(),
  paymentTerms: PaymentTerms,
  membersCount: z.number().int(),
  createdAt: z.string(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;
export const CompanySummaryList = z.array(CompanySummary);
export const CompaniesQuery = Paging;

export const InvitationParams = z.object({ id: Id, invitationId: Id });
