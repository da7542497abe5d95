/** What other modules and the app may use of companies: who belongs to one, who may act for it, its invitations. */
export { requireCompanyAdmin } from './company-admins.js';
export { adminEmailsOf, companyOf, type Membership, membershipOf } from './members.js';
export { companyRoutesPlugin } from './plugin.js';
export { findInvitationToMail } from './repository.js';
