import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBody, PasswordResetRequestBody } from '@shop/contract/accounts';
import { Password } from '@shop/contract/auth';
import { z } from 'zod';

/** The account forms' rules, the API's own; loaded when a form is first used (see lazyRules). */
export const forgotPasswordRules = zodResolver(PasswordResetRequestBody);
export const changePasswordRules = zodResolver(ChangePasswordBody);
export const newPasswordRules = zodResolver(
  z.object({ password: Password, confirm: z.string() }).refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'The two passwords are not the same',
  }),
);
