import nodemailer from 'nodemailer';

export interface MailTransport {
  send(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
  /** Rejects when the mail server cannot be reached or refuses the login. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. `url` is a connection URL such as smtp://user:pass@host:587 or
 * smtps://host:465 (nodemailer reads TLS and credentials from it). Timeouts are short so a mail
 * server that is down fails the attempt quickly; the outbox retries it.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  // Settings written in the URL's query (e.g. ?connectionTimeout=) win over these defaults.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 });
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}
