// Without zod: the invitation page (public) names the full-company message, and a page that
// imported companies.ts would load zod and build its schemas (companies.ts re-exports these).

/**
 * The most members a company holds: every answer with the company carries them all (no paging),
 * so the list stays short. Decided under the company's row lock when someone joins.
 */
export const MAX_COMPANY_MEMBERS = 200;

/** An admin inviting into a full company. */
export const COMPANY_FULL_INVITE_MESSAGE = `This company has ${MAX_COMPANY_MEMBERS} members, the most one company may have. Remove a member before inviting someone else.`;

/** Someone accepting an invitation into a full company (the invitation stays open). */
export const COMPANY_FULL_JOIN_MESSAGE = `This company already has ${MAX_COMPANY_MEMBERS} members, the most one company may have. Ask its admin to make room, then open this invitation again.`;
