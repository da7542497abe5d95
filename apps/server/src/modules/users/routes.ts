import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, EmailQuery } from '@shop/contract/primitives';
import {
  AccessTokenAnswer,
  AdminAnswer,
  MobileBody,
  ProfileBody,
  User,
  UserByIdQuery,
  UserList,
  UsersQuery,
} from '@shop/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AccessTokens, type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { allUsers, isAdmin, makeAdmin, saveMobile, saveProfile, userByEmail } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];

export function userRoutes(
  app: FastifyInstance,
  deps: { db: Database; tokens: AccessTokens; guard: AuthGuard },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.put(
    '/api/users',
    {
      onRequest: guard.user,
      schema: {
        tags: ['users'],
        summary: 'Save your own profile name and get a fresh access token',
        security,
        querystring: EmailQuery,
        body: ProfileBody,
        response: { 200: AccessTokenAnswer, ...errors },
      },
    },
    async (request) => ({
      accessToken: await saveProfile(deps, callerOf(request), request.query.email, request.body),
    }),
  );

  api.get(
    '/api/users',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['users'],
        summary: 'Every user, oldest first, a page at a time (admins); x-total-count carries the total',
        description:
          'Paged as every list: `limit` 1–100 (default 50; more is clamped to 100), `offset`. The answer is the array of Users of docs/product.md §7; `x-total-count` says how many users there are in all.',
        security,
        querystring: UsersQuery,
        response: { 200: UserList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await allUsers(db, request.query);
      reply.header('x-total-count', String(page.total));
      return page.users;
    },
  );

  api.put(
    '/api/usersById',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['users'],
        summary: 'Make a user admin (admins)',
        security,
        querystring: UserByIdQuery,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await makeAdmin(db, callerOf(request), request.query.id);
      return { acknowledged: true as const };
    },
  );

  api.get(
    '/api/usersByEmail',
    {
      onRequest: guard.user,
      schema: {
        tags: ['users'],
        summary: 'One user (that user, or admins)',
        security,
        querystring: EmailQuery,
        response: { 200: User, ...errors },
      },
    },
    async (request) => userByEmail(db, callerOf(request), request.query.email),
  );

  api.put(
    '/api/usersByEmail',
    {
      onRequest: guard.user,
      schema: {
        tags: ['users'],
        summary: 'Save your own mobile number',
        security,
        querystring: EmailQuery,
        body: MobileBody,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await saveMobile(db, callerOf(request), request.query.email, request.body.mobile);
      return { acknowledged: true as const };
    },
  );

  api.get(
    '/api/checkAdmin/:email',
    {
      onRequest: guard.user,
      schema: {
        tags: ['users'],
        summary: 'Whether that user is an admin (that user, or admins)',
        security,
        params: EmailQuery,
        response: { 200: AdminAnswer, ...errors },
      },
    },
    async (request) => ({ admin: await isAdmin(db, callerOf(request), request.params.email) }),
  );
}
