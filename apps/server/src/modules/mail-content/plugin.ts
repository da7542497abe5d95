import fp from 'fastify-plugin';
import {
  type AccountMail,
  accountMail,
  type InvitationTokens,
  invitationTokens,
  type LinkTokens,
  linkTokens,
} from '../accounts/index.js';
import { invoiceFor } from '../invoices/index.js';
import { type MailOutbox, type MailSenderDeps, mailSender } from '../mail/index.js';
import { type MailContentDeps, mailContent } from './content.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail to buyers (orders, receipts, invoices); none without SMTP_URL. */
    mail: MailOutbox | undefined;
    /** The signed links that verify an email or reset a password. */
    links: LinkTokens;
    /** Sends those links: mailed, or written to the log without SMTP_URL. */
    accountMail: AccountMail;
    /** The tokens of company invitations' links (their hashes are what is stored). */
    invitationLinks: InvitationTokens;
  }
}

/**
 * The mail outbox that makes each mail from the shop's records as it sends it (orders, quotes,
 * account links, invitations, invoices).
 */
export function mailOutbox(deps: Omit<MailSenderDeps, 'content'> & MailContentDeps): MailOutbox {
  return mailSender({ ...deps, content: mailContent(deps) });
}

/** The mail outbox, sending while the app runs, and the mails that carry account links. */
export const mailPlugin = fp(
  async (app) => {
    const { config } = app;
    const links = linkTokens(app.keyFor('account-links'), config.publicUrl);
    const invitationLinks = invitationTokens(app.keyFor('account-links'), config.publicUrl);
    const mail =
      config.mail &&
      mailOutbox({
        db: app.db,
        settings: config.mail,
        log: app.log,
        publicUrl: config.publicUrl,
        invoiceFor: (db, orderId) => invoiceFor({ db, seller: config.seller }, orderId),
        linkTokens: links,
        invitationTokens: invitationLinks,
      });
    if (mail) {
      app.addHook('onReady', async () => mail.start());
      app.addHook('onClose', () => mail.stop());
    }
    app.decorate('mail', mail);
    app.decorate('links', links);
    app.decorate('invitationLinks', invitationLinks);
    app.decorate('accountMail', accountMail({ mail, links, log: app.log }));
  },
  { name: 'mail', dependencies: ['config', 'database', 'secrets'] },
);
