import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestMailServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every mail accepted so far, parsed. */
  received: ParsedMail[];
  /** The next `times` mails are answered with this SMTP reply instead of being accepted. */
  refuseNext(times: number, responseCode: number): void;
  /** Waits until at least `count` mails have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port (plain SMTP, any sender and recipient, no login). */
export async function startTestMailServer(): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals.left > 0) {
            refusals = { ...refusals, left: refusals.left - 1 };
            const error = Object.assign(new Error('Mailbox busy, try again later'), {
              responseCode: refusals.code,
            });
            callback(error);
            return;
          }
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(times, responseCode) {
      refusals = { left: times, code: responseCode };
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} mails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
