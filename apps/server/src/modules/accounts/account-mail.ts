import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { AccountMail } from '../auth/index.js';
import type { MailOutbox } from '../mail/index.js';
import { LINK_LIFETIME_MS, type LinkPurpose, type LinkTokens } from './links.js';
import { insertLink } from './repository.js';

export type { AccountMail };

export interface AccountMailDeps {
  /** Undefined when SMTP_URL is unset: the link is then written to the log instead. */
  mail: MailOutbox | undefined;
  links: LinkTokens;
  log: FastifyBaseLogger;
}

const LOGGED: Record<LinkPurpose, string> = {
  verify_email: 'verification link (no SMTP_URL: mail not sent)',
  password_reset: 'password reset link (no SMTP_URL: mail not sent)',
};

export function accountMail(deps: AccountMailDeps): AccountMail {
  /** The link and its queued mail, in the caller's transaction; the answer sends it once committed. */
  async function prepare(
    db: Database,
    user: { id: string; email: string },
    purpose: LinkPurpose,
  ): Promise<() => void> {
    const now = new Date();
    // A new reset link leaves the older ones working until their hour is over or one of them is
    // used (resetPassword ends the others): anyone may ask for a link to any email, so a newer
    // link ending the older would let a stranger void the one its owner is about to follow.
    const linkId = await insertLink(db, {
      userId: user.id,
      purpose,
      now,
      lifetimeMs: LINK_LIFETIME_MS[purpose],
    });
    const { mail } = deps;
    if (mail) {
      await mail.queue(db, { kind: purpose, linkId, recipient: user.email }, now.toISOString());
      return () => mail.kick();
    }
    // A shop without mail (the quick start): the operator finds the link in the log.
    return () => deps.log.info({ link: deps.links.url(purpose, linkId), userId: user.id }, LOGGED[purpose]);
  }

  return {
    async send(db, user, purpose, first) {
      const sendMail = await db.transaction().execute(async (trx) => {
        await first?.(trx);
        return prepare(trx, user, purpose);
      });
      sendMail();
    },
  };
}
