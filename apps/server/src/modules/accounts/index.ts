/** What other modules and the app may use of accounts (verifying an email, resetting a password). */
export { type AccountMail, accountMail } from './account-mail.js';
export { type InvitationTokens, invitationTokens, type LinkTokens, linkTokens } from './links.js';
export { accountRoutesPlugin } from './plugin.js';
export { findUsableLink } from './repository.js';
