import { z } from 'zod';
import { Paging } from './primitives.js';

/** Every kind of entry the shop writes into its audit log; the first word names what it is about. */
export const AUDIT_ACTIONS = [
  'part.created',
  'part.edited',
  'part.deleted',
  'part.incoming',
  'part.received',
  'category.created',
  'category.edited',
  'category.deleted',
  // Written before cancelled orders were kept: old entries still read so.
  'order.deleted',
  'order.cancelled',
  'order.paid',
  'order.expired',
  'order.refund_due',
  'order.shipped',
  'order.delivered',
  'order.approved',
  'order.rejected',
  'order.settled',
  'order.backorder_dropped',
  'user.made_admin',
  'user.google_linked',
  'quote.requested',
  'quote.offered',
  'quote.accepted',
  'quote.declined',
  'quote.expired',
  'company.created',
  'company.invited',
  'company.invitation_withdrawn',
  'company.joined',
  'company.member_changed',
  'company.member_removed',
  'company.payment_terms_changed',
  'company.contract_prices_set',
  'company.punchout_set',
  'tool.created',
  'tool.edited',
  'tool.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry can be about: a part, an order, a user, a quote, a company, a category or a tool model. */
export type AuditSubject = 'part' | 'order' | 'user' | 'quote' | 'company' | 'category' | 'tool';
const SUBJECTS: readonly string[] = [
  'part',
  'order',
  'user',
  'quote',
  'company',
  'category',
  'tool',
] satisfies AuditSubject[];

/** What the entry's subject is, by its action's first word (`order.shipped`: an order). */
export function subjectOf(action: string): AuditSubject | undefined {
  const kind = action.slice(0, action.indexOf('.'));
  return SUBJECTS.includes(kind) ? (kind as AuditSubject) : undefined;
}

/**
 * The keys of an entry's before and after whose values are ids of something else, and what they
 * are ids of: a company member (`uid`), a quote's order (`orderId`), a line's part (`partsId`).
 */
export const AUDIT_REFERENCES: Readonly<Record<string, AuditSubject>> = {
  uid: 'user',
  orderId: 'order',
  partsId: 'part',
  companyId: 'company',
  categoryId: 'category',
  parentId: 'category',
  replacementId: 'part',
};

export const AuditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.string().describe('the email of the admin or buyer who acted, or "shop" for the shop itself'),
  actorName: z.string().optional().describe("the actor's name, while their account is there"),
  action: z.string().describe(`one of ${AUDIT_ACTIONS.join(', ')}`),
  subjectId: z.string(),
  subjectName: z
    .string()
    .optional()
    .describe(
      "what the subject is called: an order's number (SO-000123), a part's, a company's or a tool model's name, a user's name and email, a quote's buyer; left out when nothing names it any more",
    ),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  names: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'what the ids in before and after are called (uid: a user, orderId: an order, partsId: a part, companyId: a company), those the shop still knows',
    ),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.array(AuditEntry);
export const AuditQuery = Paging;
