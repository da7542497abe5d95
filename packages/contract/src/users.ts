import { z } from 'zod';
import { Email, Id, line, Paging } from './primitives.js';

export const User = z.object({
  _id: Id,
  name: z.string(),
  email: z.string(),
  role: z.literal('admin').optional(),
  mobile: z.string().optional(),
  emailVerified: z
    .boolean()
    .describe('whether the owner proved the email is theirs (a mailed link, or Google)'),
});
export type User = z.infer<typeof User>;
export const UserList = z.array(User);
/** `GET /api/users`: a page of every user, oldest first (`x-total-count` carries how many there are). */
export const UsersQuery = Paging;

export const ProfileBody = z.object({ name: line({ min: 1, max: 100 }), email: Email });

/** A phone number as people write it: digits with an optional leading +, spaces, dashes, brackets. */
export const Mobile = line({ min: 1, max: 30 }).pipe(
  z.string().regex(/^\+?[0-9][0-9 ()-]{4,28}$/, 'must be a phone number such as +880 1712 345678'),
);
export const MobileBody = z.object({ mobile: Mobile });

export const AccessTokenAnswer = z.object({ accessToken: z.string() });
export const AdminAnswer = z.object({ admin: z.boolean() });
export const UserByIdQuery = z.object({ id: Id });
