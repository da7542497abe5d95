import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, SignupBody } from '@shop/contract/auth';

/** The sign-in forms' rules, the API's own; loaded when a form is first used (see lazyRules). */
export const loginRules = zodResolver(LoginBody);
export const signupRules = zodResolver(SignupBody);
