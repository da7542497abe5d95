import { z } from 'zod';
import { Password } from './auth.js';
import { Email } from './primitives.js';

/** A token from a mailed link (`/verify-email#token=…`, `/reset-password#token=…`). */
export const LinkToken = z
  .string({ error: 'must be text' })
  .min(1, 'is required')
  .max(200, 'is not a token from a mailed link');

export const VerifyEmailBody = z.object({ token: LinkToken });
export const PasswordResetRequestBody = z.object({ email: Email });
export const PasswordResetBody = z.object({ token: LinkToken, password: Password });
export type PasswordResetBody = z.output<typeof PasswordResetBody>;

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'must be text' })
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters'),
  newPassword: Password,
});
export type ChangePasswordBody = z.output<typeof ChangePasswordBody>;
