import {
  AcceptedInvitation,
  CompaniesQuery,
  Company,
  CompanyBody,
  CompanyIdParams,
  CompanySummaryList,
  INVITATION_DAYS,
  InvitationAcceptBody,
  InvitationBody,
  InvitationParams,
  MAX_COMPANY_MEMBERS,
  MAX_PENDING_INVITATIONS,
  MAX_SPENDING_LIMIT,
  MemberBody,
  MemberParams,
  PaymentTermsBody,
  PendingInvitationList,
} from '@shop/contract/companies';
import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { isCompanyAdmin } from './company-admins.js';
import {
  acceptInvitation,
  type CompanyDeps,
  changeMember,
  createCompany,
  getCompany,
  invite,
  listCompanies,
  listInvitations,
  myCompany,
  removeMember,
  setPaymentTerms,
  withdrawInvitation,
} from './service.js';

const tags = ['companies'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const acknowledged = { acknowledged: true as const };

/** A company, its members and invitations; the shop admin's list and payment terms. */
export function companyRoutes(app: FastifyInstance, deps: CompanyDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;
  const { rateLimits } = app.config;
  // Each invitation mails someone else: counted for the inviter (the route's limit), then, once
  // their right to invite is known (so no outsider spends it), for the company.
  const invitationsPerCompany = app.rateLimited(
    limit('invitations-company', rateLimits.invitationsPerCompany, async (request) => {
      const companyId = (request.params as { id: string }).id;
      return (await isCompanyAdmin(db, callerOf(request), companyId)) ? companyId : undefined;
    }),
  );

  api.post(
    '/api/companies',
    {
      onRequest: guard.buyer,
      schema: {
        tags,
        summary:
          'Create a company (a buyer with a verified email, in no company); the caller becomes its admin',
        description:
          'An unverified email → 403 (verify first); a shop admin → 403; already in a company → 409 `conflict` (of two creates at once, one company is made).',
        security,
        body: CompanyBody,
        response: { 201: Inserted, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await createCompany(db, callerOf(request), request.body) }),
  );

  api.get(
    '/api/companies',
    {
      onRequest: guard.admin,
      schema: {
        tags,
        summary:
          "Every company, newest first, with its members' count (the shop's admin); x-total-count carries the total",
        security,
        querystring: CompaniesQuery,
        response: { 200: CompanySummaryList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listCompanies(db, request.query);
      reply.header('x-total-count', String(page.total));
      return page.companies;
    },
  );

  api.get(
    '/api/companies/mine',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: `The caller's company with its members (at most ${MAX_COMPANY_MEMBERS}, so no paging); null when they belong to none`,
        security,
        response: { 200: Company.nullable(), ...errors },
      },
    },
    async (request) => myCompany(db, callerOf(request)),
  );

  api.get(
    '/api/companies/:id',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: `A company with its members, at most ${MAX_COMPANY_MEMBERS}, so no paging (its members, or the shop's admin; anyone else → 403)`,
        security,
        params: CompanyIdParams,
        response: { 200: Company, ...errors },
      },
    },
    async (request) => getCompany(db, callerOf(request), request.params.id),
  );

  api.post(
    '/api/companies/:id/invitations',
    {
      onRequest: guard.user,
      config: {
        rateLimit: limit('invitations-account', rateLimits.invitationsPerAccount, (r) => callerOf(r).id),
      },
      schema: {
        tags,
        summary: `Invite someone by email (company admins): a one-use link /invitations#token=… mailed, valid ${INVITATION_DAYS} days`,
        description: `\`spendingLimit\`: whole dollars a calendar month (UTC), 0–${MAX_SPENDING_LIMIT}, or null/left out for none. An email whose account already belongs to a company → 409. A new invitation to the same email replaces the company's open one; at most ${MAX_PENDING_INVITATIONS} wait at once (→ 409). A company holds at most ${MAX_COMPANY_MEMBERS} members: a full one invites nobody (→ 409 \`conflict\`). Each invitation mails an address the caller names: so many a window per inviting account (RATE_LIMIT_INVITATIONS_PER_ACCOUNT) and per company (RATE_LIMIT_INVITATIONS_PER_COMPANY), then 429 with retry-after. Without SMTP the link is written to the server log.`,
        security,
        params: CompanyIdParams,
        body: InvitationBody,
        response: { 201: Inserted, 409: ErrorBody, 415: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      await invitationsPerCompany(request);
      return reply.status(201).send({
        insertedId: await invite(deps, callerOf(request), request.params.id, request.body),
      });
    },
  );

  api.get(
    '/api/companies/:id/invitations',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: "The company's open invitations, newest first (company admins, or the shop's admin)",
        security,
        params: CompanyIdParams,
        response: { 200: PendingInvitationList, ...errors },
      },
    },
    async (request) => listInvitations(db, callerOf(request), request.params.id),
  );

  api.delete(
    '/api/companies/:id/invitations/:invitationId',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: 'Withdraw an open invitation (company admins); its link stops working',
        security,
        params: InvitationParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await withdrawInvitation(db, callerOf(request), request.params.id, request.params.invitationId);
      return acknowledged;
    },
  );

  api.post(
    '/api/invitations/accept',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary:
          "Join the company with the token of the mailed invitation (the invited email's verified user, in no company)",
        description: `A used, expired or unknown token → 400 \`invalid_token\`, and so is one whose inviter is no longer an admin of the company (demoted, removed, or made the shop's admin: an invitation dies with its inviter's rights); signed in with another email → 403; email not verified yet → 403 (verify first); already in a company → 409; the company already has its ${MAX_COMPANY_MEMBERS} members, the most a company holds → 409 \`conflict\` (the invitation stays open; counted under the company's lock, so joins at once never pass it). A token works once, however many use it at once.`,
        security,
        body: InvitationAcceptBody,
        response: { 200: AcceptedInvitation, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => ({ companyId: await acceptInvitation(deps, callerOf(request), request.body.token) }),
  );

  api.put(
    '/api/companies/:id/members/:uid',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: "Change a member's role or monthly spending limit (company admins)",
        description: `Either or both: \`role\` admin|buyer; \`spendingLimit\` whole dollars 0–${MAX_SPENDING_LIMIT}, or null for none. Demoting the company's last admin → 409. An admin may lower their own limit but not raise or lift it (→ 403: another admin must). A demoted admin's open invitations are withdrawn. The shop's admin holds no seat's rights (→ 403).`,
        security,
        params: MemberParams,
        body: MemberBody,
        response: { 200: Acknowledged, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await changeMember(db, callerOf(request), request.params.id, request.params.uid, request.body);
      return acknowledged;
    },
  );

  api.delete(
    '/api/companies/:id/members/:uid',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary:
          "Remove a member from the company (company admins, not the shop's admin); never its last admin (→ 409); the member's open invitations are withdrawn",
        security,
        params: MemberParams,
        response: { 200: Acknowledged, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await removeMember(db, callerOf(request), request.params.id, request.params.uid);
      return acknowledged;
    },
  );

  api.put(
    '/api/companies/:id/payment-terms',
    {
      onRequest: guard.admin,
      schema: {
        tags,
        summary: "How the company pays (the shop's admin): card, or net30 (invoiced, 30 days to pay)",
        security,
        params: CompanyIdParams,
        body: PaymentTermsBody,
        response: { 200: Acknowledged, 415: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await setPaymentTerms(db, callerOf(request), request.params.id, request.body.paymentTerms);
      return acknowledged;
    },
  );
}
