import { type MailOutbox, type MailSenderDeps, mailSender } from '../mail/index.js';
import { type MailContentDeps, mailContent } from './content.js';

/**
 * What the app uses of the mails' content: the mail outbox that makes each mail from the shop's
 * records as it sends it (orders, quotes, account links, invitations, invoices).
 */
export function mailOutbox(deps: Omit<MailSenderDeps, 'content'> & MailContentDeps): MailOutbox {
  return mailSender({ ...deps, content: mailContent(deps) });
}
