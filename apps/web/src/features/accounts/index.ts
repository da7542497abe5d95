/** What other features may use of accounts: My Profile's email status and password form. */
export { ChangePasswordForm } from './components/change-password-form';
export { EmailStatus } from './components/email-status';
