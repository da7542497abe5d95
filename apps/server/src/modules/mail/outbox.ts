import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { outboxRounds } from '../../db/outbox.js';
import * as outbox from './repository.js';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  /** The first retry waits this long; each further one twice as long (at most six hours). */
  retrySeconds: number;
}

export interface MailContent {
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A mail due to be sent, as the outbox holds it (its kind, recipient and subject's id). */
export type DueMail = Awaited<ReturnType<typeof outbox.dueMails>>[number];

export interface MailSenderDeps {
  db: Database;
  settings: MailSettings;
  log: FastifyBaseLogger;
  /** What the mail says, made when it is sent; or why it is no longer worth sending. */
  content: (mail: DueMail) => Promise<MailContent | { drop: string }>;
}

export interface MailOutbox {
  /** Queues the mail in the caller's transaction (call `kick` once it has committed). */
  queue: typeof outbox.queueMail;
  /** Queues a mail to every admin of the shop, in the caller's transaction (`kick` once committed). */
  toShopAdmins: typeof outbox.mailShopAdmins;
  toEach: typeof outbox.mailEach;
  /** Sends what is due soon, without making the caller wait. */
  kick(): void;
  /** Sends what is due now; resolves when this round is done. */
  deliverDue(): Promise<void>;
  /** Starts the timer that retries and picks up what other servers left; `stop` waits for a round in flight. */
  start(): void;
  stop(): Promise<void>;
}

/** A mail is given up after this many failed attempts (about 4 days at the default of 60 s). */
export const MAX_ATTEMPTS = 12;
const MAX_DELAY_SECONDS = 6 * 3600;
/** A server holds a mail this long while sending; then another may try. Above the SMTP timeouts. */
const CLAIM_MS = 2 * 60_000;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** An SMTP reply of 5xx refuses the mail for good (no such mailbox); anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The transactional outbox for mail to buyers: a mail is written with the change it tells of and
 * sent after that commits, by whichever server claims it first, retried with growing pauses. A
 * slow or absent mail server never holds up a request. What each mail says is `content`'s: the
 * outbox knows no order, quote or account.
 */
export function mailSender(deps: MailSenderDeps): MailOutbox {
  const { db, settings, log, content } = deps;
  // nodemailer is loaded with the first mail to send: a shop without mail never holds it.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url: settings.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        },
        { from: settings.from },
      ),
    ));
  async function deliver(mail: DueMail): Promise<void> {
    if (!(await outbox.claimMail(db, mail.id, nowIso(), later(CLAIM_MS)))) return;
    const attempt = Number(mail.attempts) + 1;
    try {
      const made = await content(mail);
      if ('drop' in made) {
        await outbox.settleMail(db, mail.id, { status: 'dropped', error: made.drop });
        return;
      }
      const { subject, text, attachments } = made;
      await (await transporter()).sendMail({
        to: mail.recipient,
        subject,
        text,
        ...(attachments ? { attachments } : {}),
      });
      await outbox.settleMail(db, mail.id, { status: 'sent', at: nowIso() });
      log.info({ mailId: mail.id, kind: mail.kind, subjectId: mail.subject_id }, 'mail sent');
    } catch (error) {
      const reason = describe(error);
      if (isPermanent(error) || attempt >= MAX_ATTEMPTS) {
        await outbox.settleMail(db, mail.id, { status: 'failed', error: reason });
        log.error({ mailId: mail.id, kind: mail.kind, attempt, reason }, 'mail given up');
        return;
      }
      const delay = Math.min(settings.retrySeconds * 2 ** (attempt - 1), MAX_DELAY_SECONDS);
      await outbox.settleMail(db, mail.id, {
        status: 'pending',
        error: reason,
        retryAt: later(delay * 1000),
      });
      log.warn(
        { mailId: mail.id, kind: mail.kind, attempt, reason, retryInSeconds: delay },
        'mail not sent yet',
      );
    }
  }

  const rounds = outboxRounds({
    due: (now, max) => outbox.dueMails(db, now, max),
    send: deliver,
    log,
    failed: 'mail delivery failed; it runs again later',
  });

  return {
    queue: outbox.queueMail,
    toShopAdmins: outbox.mailShopAdmins,
    toEach: outbox.mailEach,
    kick: rounds.kick,
    deliverDue: rounds.sendDue,
    start() {
      rounds.start(Math.min(settings.retrySeconds, 60) * 1000);
    },
    async stop() {
      await rounds.stop();
      (await transport)?.close();
    },
  };
}
