import type { ParsedMail } from 'mailparser';
import type { TestMailServer } from './smtp-server.js';

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** Waits for the `nth` (1 = first) mail to `email` whose subject starts with `subject`. */
export async function mailTo(
  smtp: TestMailServer,
  email: string,
  subject: string,
  nth = 1,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.received.filter((m) => recipientOf(m) === email && m.subject?.startsWith(subject));
    const mail = found[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" #${nth} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The one link of an account mail, and the token in its fragment. */
export function linkIn(text: string | undefined): { link: string; token: string } {
  const link = /(https?:\/\/\S+#token=(\S+))/.exec(text ?? '');
  if (!link?.[1] || !link[2]) throw new Error(`no link in the mail: ${text}`);
  return { link: link[1], token: link[2] };
}

/** The mails to `email` whose subject starts with `subject`, once `count` of them arrived (or 15 s passed). */
export async function mailsTo(
  smtp: TestMailServer,
  email: string,
  subject: string,
  count = 1,
): Promise<ParsedMail[]> {
  const deadline = Date.now() + 15_000;
  const matching = () =>
    smtp.received.filter((m) => recipientOf(m) === email && m.subject?.startsWith(subject));
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return matching();
}
