/** What other modules and the app may use of mail: the outbox mail is queued in. */
export { type MailOutbox, mailOutbox } from './outbox.js';
export { mailShopAdmins } from './repository.js';
