import { once } from 'node:events';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SHELL } from './origins.ts';

/**
 * The port of the test's SMTP server; the API under test sends to it (playwright.config.ts).
 * Like the site's ports it is only used under the ports lock.
 */
export const MAIL_PORT = 8825;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server that keeps what the API sends, for specs that follow links in mails (the `mailbox` fixture). */
export class Mailbox {
  readonly mails: Mail[] = [];
  private server: SMTPServer | null = null;

  async open(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.mails.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    server.listen(MAIL_PORT, '127.0.0.1');
    await once(server.server, 'listening');
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): Mail[] {
    return this.mails.filter((mail) => mail.to === address);
  }
}

/** The link a mail carries to the shell's `path` (such as `/en/reset-password`) with its one-time token, if any. */
export function tokenLink(mail: Mail | undefined, path: string): string | undefined {
  return new RegExp(`${SHELL}${path}\\?token=[A-Za-z0-9_-]+`).exec(mail?.text ?? '')?.[0];
}
