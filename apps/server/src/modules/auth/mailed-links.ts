import type { Database } from '../../db/database.js';
import type { AccountLinksTable } from '../../db/schema.js';

/**
 * Mails a user a link of theirs: signing up asks for the one that verifies the email. Made by the
 * accounts module (accountMail), which owns the links (their pages, lifetimes and redeeming).
 */
export interface AccountMail {
  /**
   * Makes a new link of this purpose for the user and queues its mail in one transaction, after
   * `first` in the same transaction (what `first` writes and the link exist together, or neither
   * does); once that has committed, sends the mail, or logs the link.
   */
  send(
    db: Database,
    user: { id: string; email: string },
    purpose: AccountLinksTable['purpose'],
    first?: (trx: Database) => Promise<void>,
  ): Promise<void>;
}
