/**
 * What other modules and the app may use of mail: the outbox a mail is queued in (in the caller's
 * transaction) and sent from. It imports no domain module: what a mail says is given to it.
 */
export {
  type DueMail,
  MAX_ATTEMPTS,
  type MailContent,
  type MailOutbox,
  type MailSenderDeps,
  type MailSettings,
  mailSender,
} from './outbox.js';
export { adminMailSubject, type MailKind, mailShopAdmins, readyMailSubject } from './repository.js';
