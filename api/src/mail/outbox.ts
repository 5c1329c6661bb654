import { randomUUID } from 'node:crypto';
import type { CoreContext } from '../context.ts';
import type { MailTransport } from './transport.ts';

export interface OutgoingMail {
  /** What the mail is for (password-reset, ...), for the log and the outbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxOptions {
  /** How often due retries are looked for. */
  retryIntervalMs: number;
  /** Attempts before a mail is given up on (status 'failed'). */
  maxAttempts: number;
}

/**
 * Kinds of mail whose row is removed once the mail server has taken it: the goodbye to a deleted
 * account must not leave its address behind. Until then (no SMTP, or a server that is down) the
 * row is how it gets delivered, so it stays.
 */
const FORGOTTEN_ONCE_SENT = new Set(['account-deleted']);

/** Where the outbox says what it did: the API's logger, or a worker process's own. */
interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = { retryIntervalMs: 30_000, maxAttempts: 8 };

/** Wait before attempt n+1: 1, 2, 4 ... minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Every mail is written to `mail_outbox` before anything is sent, so a mail server that is down
 * loses nothing: the row stays pending and the retry loop delivers it later. Without a transport
 * (no SMTP_URL) mails are kept as 'stored' and the log says where to read them.
 */
export class Mailer {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /** Whether the last attempt to reach the mail server worked (true until one fails). */
  private reachable = true;

  constructor(
    private readonly ctx: CoreContext,
    private readonly transport: MailTransport | null,
    private readonly log: MailLog,
    private readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {}

  get configured(): boolean {
    return this.transport !== null;
  }

  /**
   * Records the mail and tries to deliver it at once. Resolves to whether it went out now
   * (false: it waits in the outbox for a retry, or for a developer to read it).
   */
  async send(mail: OutgoingMail): Promise<{ id: string; delivered: boolean }> {
    const id = `mail_${randomUUID()}`;
    const now = this.ctx.now();
    await this.ctx.db
      .insertInto('mail_outbox')
      .values({
        id,
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        status: this.transport ? 'pending' : 'stored',
        next_attempt_at: this.transport ? now.toISOString() : null,
        last_error: null,
        created_at: now.toISOString(),
        sent_at: null,
      })
      .execute();
    if (!this.transport) {
      this.log.info({ mailId: id, kind: mail.kind }, `mail not sent (SMTP_URL is not set): read it in the mail_outbox table, id ${id}`);
      return { id, delivered: false };
    }
    return { id, delivered: await this.attempt(id) };
  }

  /**
   * Whether mail would go out right now: a connection check when the last attempt failed. Used
   * where no mail is sent, so the answer takes about as long and says the same as when one is.
   */
  async probe(): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.verify();
      this.reachable = true;
    } catch {
      this.reachable = false;
    }
    return this.reachable;
  }

  /** Delivers every pending mail whose retry time has come. */
  async deliverDue(): Promise<void> {
    if (!this.transport) return;
    this.sweeping ??= (async () => {
      try {
        const due = await this.ctx.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', this.ctx.now().toISOString())
          .orderBy('created_at')
          .limit(50)
          .execute();
        for (const row of due) await this.attempt(row.id);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  start(): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => {
      this.deliverDue().catch((error: unknown) => this.log.warn({ err: error }, 'mail retry sweep failed'));
    }, this.options.retryIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
    this.transport?.close();
  }

  private async attempt(id: string): Promise<boolean> {
    const transport = this.transport;
    if (!transport) return false;
    const row = await this.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'pending') return row?.status === 'sent';
    // Claim the row for this attempt: another process sweeping at the same moment sees a later
    // retry time and leaves it alone.
    const attempts = row.attempts + 1;
    const claimUntil = new Date(this.ctx.now().getTime() + backoffMs(attempts)).toISOString();
    const claimed = await this.ctx.db
      .updateTable('mail_outbox')
      .set({ attempts, next_attempt_at: claimUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    try {
      await transport.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
      this.reachable = true;
      if (FORGOTTEN_ONCE_SENT.has(row.kind)) await this.ctx.db.deleteFrom('mail_outbox').where('id', '=', id).execute();
      else
        await this.ctx.db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: this.ctx.now().toISOString(), last_error: null })
          .where('id', '=', id)
          .execute();
      this.log.info({ mailId: id, kind: row.kind }, 'mail sent');
      return true;
    } catch (error) {
      this.reachable = false;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= this.options.maxAttempts;
      await this.ctx.db
        .updateTable('mail_outbox')
        .set({ status: giveUp ? 'failed' : 'pending', last_error: message.slice(0, 500) })
        .where('id', '=', id)
        .execute();
      this.log.warn({ mailId: id, kind: row.kind, attempts, err: error }, giveUp ? 'mail given up' : 'mail not delivered; will retry');
      return false;
    }
  }
}
