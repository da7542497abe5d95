import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { lockCompany, memberOf } from './repository.js';

export const SHOP_ADMIN_NO_SEAT =
  "The shop's admins hold no rights in a buyer's company: its own admins manage it";

export interface CompanyAdminCheck {
  /** Lock the company's row (in the caller's transaction) first: an unknown company → 404. */
  lock?: boolean;
  /** A read the shop's admin may make too (docs/api.md: the open invitations). */
  shopAdminReads?: boolean;
  /** The 403's message for anyone else who is not one of the company's admins. */
  refusal?: string;
}

/**
 * Who may act for a company, the one rule: one of its admins as they are now. The shop's admin
 * holds no seat's rights, even one who kept a seat from before they became the shop's admin
 * (they may only read what `shopAdminReads` lets them); a buyer of it, another company's admin
 * and an order of no company (`companyId` null) are refused.
 */
export async function isCompanyAdmin(
  db: Database,
  caller: Caller,
  companyId: string | null,
  check: Pick<CompanyAdminCheck, 'shopAdminReads'> = {},
): Promise<boolean> {
  if (!companyId) return false;
  if (caller.role === 'admin') return check.shopAdminReads === true;
  const member = await memberOf(db, companyId, caller.id);
  return member?.role === 'admin';
}

/**
 * The caller may act for the company (`isCompanyAdmin`), 403 otherwise. With `lock`, in the
 * caller's transaction, the company is locked first: a change decided then sees every change
 * before it, and one after it waits.
 */
export async function requireCompanyAdmin(
  db: Database,
  caller: Caller,
  companyId: string | null,
  check: CompanyAdminCheck = {},
): Promise<void> {
  if (check.lock && companyId && !(await lockCompany(db, companyId))) throw notFound('company');
  if (await isCompanyAdmin(db, caller, companyId, check)) return;
  throw forbidden(
    caller.role === 'admin' ? SHOP_ADMIN_NO_SEAT : (check.refusal ?? "Only the company's admins may do this"),
  );
}
