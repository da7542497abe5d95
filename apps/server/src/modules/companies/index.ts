/** What other modules and the app may use of companies: who belongs to one, its invitations. */
export { adminEmailsOf, companyOf, type Membership, membershipOf } from './members.js';
export { companyRoutesPlugin } from './plugin.js';
export { findInvitationToMail } from './repository.js';
