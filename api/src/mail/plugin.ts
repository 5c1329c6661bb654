import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_OUTBOX_OPTIONS, Mailer } from './outbox.ts';
import type { OutboxOptions } from './outbox.ts';
import type { MailTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail through SMTP, or keeps it in the outbox table when none is configured. */
    mailer: Mailer;
  }
}

export interface MailOptions {
  /** How mail leaves; null or absent keeps every mail in the outbox table. */
  transport?: MailTransport | null;
  outbox?: Partial<OutboxOptions>;
}

/** The outbox: every mail is a row first; its retry loop runs while the app is up. */
async function mail(app: FastifyInstance, options: MailOptions): Promise<void> {
  const mailer = new Mailer(app.core, options.transport ?? null, app.log, { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
}

export default fp(mail, { name: 'mail', fastify: '5.x', dependencies: ['database'] });
