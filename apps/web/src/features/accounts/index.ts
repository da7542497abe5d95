/**
 * What other features may use of accounts: My Profile's email status and password form, the way to
 * ask for a new verification mail, and the token of a mailed link (the company invitation's page).
 */
export { ChangePasswordForm } from './components/change-password-form';
export { EmailStatus } from './components/email-status';
export { ResendVerification } from './components/resend-verification';
export { useFragmentToken } from './use-fragment-token';
