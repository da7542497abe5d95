import { z } from 'zod';
import { Email, Id, line } from './primitives.js';

/** docs/api.md: passwords of 8 to 128 characters, taken as sent (not trimmed). */
export const Password = z
  .string({ error: 'must be text' })
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters');

export const SignupBody = z.object({
  name: line({ min: 1, max: 100 }),
  email: Email,
  password: Password,
});
export type SignupBody = z.output<typeof SignupBody>;

export const LoginBody = z.object({
  email: Email,
  password: z
    .string({ error: 'must be text' })
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters'),
});
export type LoginBody = z.output<typeof LoginBody>;

export const RefreshBody = z.object({
  refreshToken: z.string({ error: 'must be text' }).min(1, 'is required').max(200, 'is not a refresh token'),
});

export const TokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('seconds until the access token expires'),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const Session = TokenPair.extend({
  user: z.object({ uid: Id, name: z.string(), email: z.string() }),
});
export type Session = z.infer<typeof Session>;

export { GOOGLE_SIGN_IN_PROBLEMS, type GoogleSignInProblem } from './google-sign-in.js';

/** The one-time code a Google sign-in hands the web app (in `/login#code=…`). */
export const GoogleCodeBody = z.object({
  code: z.string({ error: 'must be text' }).min(1, 'is required').max(200, 'is not a sign-in code'),
});
