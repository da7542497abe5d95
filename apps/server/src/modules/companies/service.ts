import {
  COMPANY_FULL_INVITE_MESSAGE,
  COMPANY_FULL_JOIN_MESSAGE,
  type Company,
  type CompanyBody,
  type CompanySummary,
  INVITATION_DAYS,
  type InvitationBody,
  MAX_COMPANY_MEMBERS,
  MAX_PENDING_INVITATIONS,
  type MemberBody,
  type PaymentTerms,
  type PendingInvitation,
} from '@shop/contract/companies';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import type { InvitationTokens } from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import type { MailOutbox } from '../mail/index.js';
import { findUserById } from '../users/index.js';
import { requireCompanyAdmin } from './company-admins.js';
import * as companies from './repository.js';

export interface CompanyDeps {
  db: Database;
  /** Undefined when SMTP_URL is unset: an invitation's link is then written to the log. */
  mail: MailOutbox | undefined;
  invitationLinks: InvitationTokens;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 3600_000;

export const VERIFY_FIRST =
  'Verify your email address first: open the link we mailed you (or ask for a new one on your profile), then try again';
export const INVALID_INVITATION =
  "This invitation link is used, expired or unknown. Ask the company's admin for a new one.";
const ALREADY_IN_A_COMPANY = 'You already belong to a company';
const LAST_ADMIN =
  'A company needs at least one admin: make another member an admin before this one steps down or leaves';
export const OWN_LIMIT =
  'You cannot raise your own spending limit: another admin of your company must change it';

const limitOf = (value: number | string | bigint | null) =>
  value === null ? {} : { spendingLimit: Number(value) };

/** The caller's account as it is now: their email and whether they verified it. */
async function accountOf(db: Database, caller: Caller) {
  const user = await findUserById(db, caller.id);
  if (!user) throw new AppError('unauthenticated', 'Your account no longer exists');
  return user;
}

/** The company, if the caller may see it: a member, or the shop's admin. None → 404, another's → 403. */
async function visibleCompany(db: Database, caller: Caller, id: string): Promise<companies.CompanyRow> {
  const company = await companies.findCompany(db, id);
  if (!company) throw notFound('company');
  if (caller.role !== 'admin' && !(await companies.memberOf(db, id, caller.id)))
    throw forbidden('You are not a member of this company');
  return company;
}

/** Whether `next` (null: none) is a higher monthly limit than `now`: none is the highest. */
const raises = (now: number | string | bigint | null, next: number | null) =>
  now !== null && (next === null || next > Number(now));

async function toCompany(db: Database, row: companies.CompanyRow): Promise<Company> {
  const members = await companies.membersOf(db, row.id);
  return {
    _id: row.id,
    name: row.name,
    ...(row.vat_id ? { vatId: row.vat_id } : {}),
    paymentTerms: row.payment_terms,
    members: members.map((member) => ({
      uid: member.user_id,
      name: member.name,
      email: member.email,
      role: member.role,
      ...limitOf(member.spending_limit),
    })),
  };
}

/**
 * POST /api/companies: a buyer with a verified email, in no company, makes one and becomes its
 * admin. Company and membership are written together; of two creates at once by one person the
 * unique membership lets one through, and the other's company is rolled back (409).
 */
export async function createCompany(db: Database, caller: Caller, body: CompanyBody): Promise<string> {
  const user = await accountOf(db, caller);
  if (!user.email_verified_at) throw forbidden(VERIFY_FIRST);
  if (await companies.membershipOf(db, caller.id)) throw conflict(ALREADY_IN_A_COMPANY);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await companies.insertCompany(trx, {
      id,
      name: body.name,
      vat_id: body.vatId ?? null,
      payment_terms: 'card',
      created_at: now,
      updated_at: now,
    });
    const joined = await companies.addMember(trx, {
      company_id: id,
      user_id: caller.id,
      role: 'admin',
      spending_limit: null,
      joined_at: now,
    });
    if (!joined) throw conflict(ALREADY_IN_A_COMPANY);
    await recordAudit(trx, {
      actor: caller,
      action: 'company.created',
      subjectId: id,
      after: { name: body.name, vatId: body.vatId ?? null },
    });
  });
  return id;
}

export async function getCompany(db: Database, caller: Caller, id: string): Promise<Company> {
  return toCompany(db, await visibleCompany(db, caller, id));
}

/**
 * GET /api/companies/mine: the caller's company, or null when they belong to none (an answer, not
 * a missing resource: every checkout asks it, to know whether the buyer pays by card).
 */
export async function myCompany(db: Database, caller: Caller): Promise<Company | null> {
  const membership = await companies.membershipOf(db, caller.id);
  const company = membership && (await companies.findCompany(db, membership.company_id));
  return company ? toCompany(db, company) : null;
}

/** GET /api/companies (the shop's admin): every company, newest first. */
export async function listCompanies(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ companies: CompanySummary[]; total: number }> {
  const { rows, total } = await companies.listCompanies(db, page);
  return {
    companies: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      ...(row.vat_id ? { vatId: row.vat_id } : {}),
      paymentTerms: row.payment_terms,
      membersCount: Number(row.members_count ?? 0),
      createdAt: row.created_at,
    })),
    total,
  };
}

/**
 * POST /api/companies/{id}/invitations (company admins): mails a one-use link valid 7 days to the
 * email. An email whose account is in a company already → 409; a new invitation to the same email
 * replaces the company's open one; at most MAX_PENDING_INVITATIONS wait at once; a company with
 * MAX_COMPANY_MEMBERS members invites nobody (409).
 */
export async function invite(
  deps: CompanyDeps,
  caller: Caller,
  companyId: string,
  body: InvitationBody,
): Promise<string> {
  const id = newId();
  const now = new Date();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await requireCompanyAdmin(trx, caller, companyId, { lock: true });
    if ((await companies.countMembers(trx, companyId)) >= MAX_COMPANY_MEMBERS)
      throw conflict(COMPANY_FULL_INVITE_MESSAGE);
    if (await companies.emailInCompany(trx, body.email))
      throw conflict('The account with this email already belongs to a company');
    await companies.withdrawInvitationsTo(trx, companyId, body.email);
    const waiting = await companies.pendingInvitations(trx, companyId, at);
    if (waiting.length >= MAX_PENDING_INVITATIONS)
      throw conflict(
        `This company has ${MAX_PENDING_INVITATIONS} invitations waiting; withdraw some before inviting more`,
      );
    await companies.insertInvitation(trx, {
      id,
      company_id: companyId,
      email: body.email,
      role: body.role,
      spending_limit: body.spendingLimit ?? null,
      token_hash: deps.invitationLinks.hash(deps.invitationLinks.token(id)),
      invited_by: caller.id,
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
      accepted_at: null,
      created_at: at,
    });
    await recordAudit(trx, {
      actor: caller,
      action: 'company.invited',
      subjectId: companyId,
      after: {
        invitationId: id,
        email: body.email,
        role: body.role,
        spendingLimit: body.spendingLimit ?? null,
      },
    });
    await deps.mail?.queue(trx, { kind: 'company_invitation', invitationId: id, recipient: body.email }, at);
  });
  if (deps.mail) deps.mail.kick();
  // A shop without mail (the quick start): the operator finds the link in the log.
  else
    deps.log.info(
      { link: deps.invitationLinks.url(id), invitationId: id, companyId },
      'company invitation link (no SMTP_URL: mail not sent)',
    );
  return id;
}

/** GET /api/companies/{id}/invitations: the open invitations (company admins, or the shop's admin). */
export async function listInvitations(
  db: Database,
  caller: Caller,
  companyId: string,
): Promise<PendingInvitation[]> {
  await visibleCompany(db, caller, companyId);
  await requireCompanyAdmin(db, caller, companyId, {
    shopAdminReads: true,
    refusal: "Only the company's admins may see its invitations",
  });
  const rows = await companies.pendingInvitations(db, companyId, nowIso());
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    role: row.role,
    ...limitOf(row.spending_limit),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  }));
}

/** DELETE /api/companies/{id}/invitations/{invitationId}: withdraws an open invitation; its link stops working. */
export async function withdrawInvitation(
  db: Database,
  caller: Caller,
  companyId: string,
  invitationId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireCompanyAdmin(trx, caller, companyId, { lock: true });
    const withdrawn = await companies.withdrawInvitation(trx, companyId, invitationId);
    if (!withdrawn) throw notFound('open invitation');
    await recordAudit(trx, {
      actor: caller,
      action: 'company.invitation_withdrawn',
      subjectId: companyId,
      before: { invitationId, email: withdrawn.email, role: withdrawn.role },
    });
  });
}

/**
 * POST /api/invitations/accept: the invited email's verified user, in no company, joins with the
 * invitation's role and limit. The invitation is taken by a conditional update in the transaction
 * that adds the member: of many accepts at once exactly one joins; if the join is refused (the
 * person joined another company meanwhile, or the company is full) the invitation stays open.
 * The company's row is locked first and its members counted after: of joins at once, no more
 * than MAX_COMPANY_MEMBERS are ever members.
 */
export async function acceptInvitation(deps: CompanyDeps, caller: Caller, token: string): Promise<string> {
  const { db } = deps;
  const invalid = new AppError('invalid_token', INVALID_INVITATION);
  const invitation = await companies.findOpenInvitationByHash(db, deps.invitationLinks.hash(token), nowIso());
  if (!invitation) throw invalid;
  if (caller.role === 'admin') throw forbidden("Shop admins cannot join a buyer's company");
  const user = await accountOf(db, caller);
  if (user.email !== invitation.email)
    throw forbidden(
      'This invitation was sent to another email address: sign in with the address it was sent to',
    );
  if (!user.email_verified_at) throw forbidden(VERIFY_FIRST);
  if (await companies.membershipOf(db, caller.id)) throw conflict(ALREADY_IN_A_COMPANY);
  await db.transaction().execute(async (trx) => {
    await companies.lockCompany(trx, invitation.company_id);
    const now = nowIso();
    if (!(await companies.takeInvitation(trx, invitation.id, now))) throw invalid;
    if ((await companies.countMembers(trx, invitation.company_id)) >= MAX_COMPANY_MEMBERS)
      throw conflict(COMPANY_FULL_JOIN_MESSAGE);
    const joined = await companies.addMember(trx, {
      company_id: invitation.company_id,
      user_id: caller.id,
      role: invitation.role,
      spending_limit: invitation.spending_limit === null ? null : Number(invitation.spending_limit),
      joined_at: now,
    });
    if (!joined) throw conflict(ALREADY_IN_A_COMPANY);
    await recordAudit(trx, {
      actor: caller,
      action: 'company.joined',
      subjectId: invitation.company_id,
      after: {
        uid: caller.id,
        invitationId: invitation.id,
        role: invitation.role,
        spendingLimit: invitation.spending_limit === null ? null : Number(invitation.spending_limit),
      },
    });
  });
  return invitation.company_id;
}

/**
 * PUT /api/companies/{id}/members/{uid} (company admins): a member's role and monthly limit. The
 * company is locked, so the last admin is never demoted, even by two admins demoting each other,
 * and an admin's own limit is read as it is now: an admin may lower it, never raise or lift it
 * (another admin does that). A demoted admin's open invitations are withdrawn with their rights.
 */
export async function changeMember(
  db: Database,
  caller: Caller,
  companyId: string,
  uid: string,
  body: MemberBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireCompanyAdmin(trx, caller, companyId, { lock: true });
    const member = await companies.memberOf(trx, companyId, uid);
    if (!member) throw notFound('member of this company');
    if (
      uid === caller.id &&
      body.spendingLimit !== undefined &&
      raises(member.spending_limit, body.spendingLimit)
    )
      throw forbidden(OWN_LIMIT);
    const demoted = member.role === 'admin' && body.role === 'buyer';
    if (demoted && (await companies.countAdmins(trx, companyId)) <= 1) throw conflict(LAST_ADMIN);
    const change = {
      ...(body.role === undefined ? {} : { role: body.role }),
      ...(body.spendingLimit === undefined ? {} : { spending_limit: body.spendingLimit }),
    };
    await companies.updateMember(trx, companyId, uid, change);
    if (demoted) await companies.withdrawInvitationsBy(trx, companyId, uid);
    const before = {
      role: member.role,
      spendingLimit: member.spending_limit === null ? null : Number(member.spending_limit),
    };
    await recordAudit(trx, {
      actor: caller,
      action: 'company.member_changed',
      subjectId: companyId,
      before: { uid, ...before },
      after: { uid, ...before, ...body },
    });
  });
}

/**
 * DELETE /api/companies/{id}/members/{uid} (company admins): the member leaves the company (an
 * admin may remove themself), their open invitations withdrawn. Never the last admin: the company
 * is locked while this is decided.
 */
export async function removeMember(
  db: Database,
  caller: Caller,
  companyId: string,
  uid: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireCompanyAdmin(trx, caller, companyId, { lock: true });
    const member = await companies.memberOf(trx, companyId, uid);
    if (!member) throw notFound('member of this company');
    if (member.role === 'admin' && (await companies.countAdmins(trx, companyId)) <= 1)
      throw conflict(LAST_ADMIN);
    await companies.removeMember(trx, companyId, uid);
    await companies.withdrawInvitationsBy(trx, companyId, uid);
    await recordAudit(trx, {
      actor: caller,
      action: 'company.member_removed',
      subjectId: companyId,
      before: {
        uid,
        role: member.role,
        spendingLimit: member.spending_limit === null ? null : Number(member.spending_limit),
      },
    });
  });
}

/** PUT /api/companies/{id}/payment-terms (the shop's admin): card, or 30 days on account. */
export async function setPaymentTerms(
  db: Database,
  caller: Caller,
  companyId: string,
  paymentTerms: PaymentTerms,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const company = await companies.lockCompany(trx, companyId);
    if (!company) throw notFound('company');
    await companies.setPaymentTerms(trx, companyId, paymentTerms, nowIso());
    await recordAudit(trx, {
      actor: caller,
      action: 'company.payment_terms_changed',
      subjectId: companyId,
      before: { paymentTerms: company.payment_terms },
      after: { paymentTerms },
    });
  });
}
