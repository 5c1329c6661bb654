import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/mail/transport.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { TestMailServer, resetTokenIn } from './mail-server.ts';

const FROM = 'Reelmint <no-reply@reelmint.test>';

describe('forgotten password', () => {
  let t: TestApp;
  const mail = new TestMailServer();
  let clock = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    await mail.start();
    t = await createTestApp({
      now: () => clock,
      siteOrigin: 'https://site.test',
      mailTransport: smtpTransport(mail.url, FROM),
      outbox: { retryIntervalMs: 60 * 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const forgot = (email: string, language?: string) => call(t.app, 'POST', '/api/auth/password/forgot', { body: { email, ...(language ? { language } : {}) } });

  async function registered(language?: string) {
    const email = `reset-${Math.random().toString(36).slice(2)}@example.com`;
    const reply = await call(t.app, 'POST', '/api/auth/register', {
      body: { name: 'Camille', email, password: 'old password 1', ...(language ? { language } : {}) },
    });
    expect(reply.status).toBe(201);
    return { email, token: reply.body.data.access_token as string };
  }

  /** Reset mails only: sign-up also sends a verification mail to the address. */
  const resets = (email: string) => mail.to(email).filter((m) => m.text.includes('/reset-password?token='));

  async function resetLink(email: string): Promise<string> {
    const before = resets(email).length;
    const reply = await forgot(email);
    expect(reply.status).toBe(200);
    const mails = resets(email);
    expect(mails).toHaveLength(before + 1);
    return resetTokenIn(mails.at(-1)!);
  }

  it('mails a reset link in the language the person signed up in, as text and HTML, from MAIL_FROM', async () => {
    const { email } = await registered('fr');
    const reply = await forgot(email, 'de');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, data: { mailMayBeLate: false } });
    const [received] = resets(email);
    expect(received?.from).toBe('no-reply@reelmint.test');
    expect(received?.subject).toBe('Réinitialisez votre mot de passe Reelmint');
    expect(received?.text).toContain('Bonjour Camille,');
    expect(received?.text).toMatch(/https:\/\/site\.test\/fr\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(received?.text).toContain('30 minutes');
    expect(received?.html).toContain('<html lang="fr">');
    expect(received?.html).toContain(`href="https://site.test/fr/reset-password?token=${resetTokenIn(received!)}"`);
  });

  it('writes in the language of the page the request came from when the account has none', async () => {
    const { email } = await signUp(t.app, 'Kenji');
    await forgot(email, 'ja');
    const [received] = resets(email);
    expect(received?.subject).toBe('Reelmint のパスワードを再設定してください');
    expect(received?.text).toContain('https://site.test/ja/reset-password?token=');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const { email } = await registered();
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(mail.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('resets the password once: signs in, ends every other session, and the old password and link stop working', async () => {
    const { email, token: oldSession } = await registered();
    const second = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'old password 1' } });
    const link = await resetLink(email);

    const check = await call(t.app, 'POST', '/api/auth/password/reset/check', { body: { token: link } });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ email });

    const reset = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'new password 2' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ token_type: 'Bearer', user: { email } });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: reset.body.data.access_token });
    expect(me.status).toBe(200);

    for (const ended of [oldSession, second.body.data.access_token]) {
      expect((await call(t.app, 'GET', '/api/auth/me', { token: ended })).status).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'old password 1' } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'new password 2' } })).status).toBe(200);

    const again = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'third password 3' } });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ success: false, error: 'RESET_LINK_USED' });
    expect((await call(t.app, 'POST', '/api/auth/password/reset/check', { body: { token: link } })).body.error).toBe('RESET_LINK_USED');
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'new password 2' } })).status).toBe(200);
  });

  it('lets two requests with one link change the password only once', async () => {
    const { email } = await registered();
    const link = await resetLink(email);
    const replies = await Promise.all(
      ['first choice 111', 'second choice 22'].map((password) => call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it('voids older links once one of them is used', async () => {
    const { email } = await registered();
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect((await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: newer, password: 'brand new pass' } })).status).toBe(200);
    const stale = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: older, password: 'another new one' } });
    expect(stale.body.error).toBe('RESET_LINK_USED');
  });

  it('keeps a link for 30 minutes and refuses it after, with a code the page can explain', async () => {
    const { email } = await registered();
    const link = await resetLink(email);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 29 * 60_000);
      expect((await call(t.app, 'POST', '/api/auth/password/reset/check', { body: { token: link } })).status).toBe(200);
      clock = new Date(start.getTime() + 30 * 60_000 + 1000);
      const expired = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'too late now 1' } });
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ success: false, data: null, error: 'RESET_LINK_EXPIRED' });
    } finally {
      clock = new Date(start.getTime() + 60 * 60_000);
    }
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'old password 1' } })).status).toBe(200);
  });

  it('refuses unknown and tampered links with 400, and a short or weak password with 400, changing nothing', async () => {
    const { email } = await registered();
    const link = await resetLink(email);
    const tampered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [tampered, 'x'.repeat(43)]) {
      const reply = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token, password: 'whatever pass 1' } });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('RESET_LINK_INVALID');
    }
    const malformed = await call(t.app, 'POST', '/api/auth/password/reset/check', { body: { token: '<script>' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('VALIDATION_ERROR');
    const short = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'short' } });
    expect(short.status).toBe(400);
    const weak = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'password1' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: 'WEAK_PASSWORD', reason: 'common' });
    expect((await call(t.app, 'POST', '/api/auth/password/reset/check', { body: { token: link } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'old password 1' } })).status).toBe(200);
  });

  it('sends at most three mails per address in 15 minutes, answering the same way', async () => {
    const { email } = await registered();
    const replies = [];
    for (let i = 0; i < 4; i += 1) replies.push(await forgot(email));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(replies[3]?.body).toEqual(replies[0]?.body);
    expect(resets(email)).toHaveLength(3);
    const later = clock;
    clock = new Date(later.getTime() + 16 * 60_000);
    await forgot(email);
    expect(resets(email)).toHaveLength(4);
  });

  it('lets an account without a password (Google sign-in) set one through the reset link', async () => {
    const { email } = await registered();
    await t.app.services.db.updateTable('users').set({ password_hash: null }).where('email', '=', email).execute();
    const link = await resetLink(email);
    expect((await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'first own password' } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'first own password' } })).status).toBe(200);
  });

  it('keeps the mail when the mail server is down, says it may be late, and delivers it when the server is back', async () => {
    const { email } = await registered();
    await mail.stop();
    try {
      const reply = await forgot(email);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual({ mailMayBeLate: true });
      const unknown = await forgot('nobody-either@example.com');
      expect(unknown.body).toEqual(reply.body);
      const row = await t.app.services.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', email)
        .where('kind', '=', 'password-reset')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, kind: 'password-reset' });
      expect(row.last_error).toBeTruthy();
    } finally {
      await mail.start();
    }
    expect(resets(email)).toHaveLength(0);
    clock = new Date(clock.getTime() + 2 * 60_000);
    await t.app.services.mailer.deliverDue();
    expect(resets(email)).toHaveLength(1);
    const link = resetTokenIn(resets(email)[0]!);
    expect((await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: link, password: 'delivered late 1' } })).status).toBe(200);
    const row = await t.app.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });
});

describe('forgotten password without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { passwordReset: { max: 2, timeWindow: 60_000 } } });
  });
  afterAll(async () => t.close());

  it('keeps the mail in the outbox table, readable, and limits requests per client address', async () => {
    const { email } = await signUp(t.app, 'Outbox Reader');
    const reply = await call(t.app, 'POST', '/api/auth/password/forgot', { body: { email, language: 'es' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ mailMayBeLate: false });
    const row = await t.app.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'stored', kind: 'password-reset', subject: 'Restablece tu contraseña de Reelmint' });
    expect(row.text_body).toMatch(/http:\/\/localhost:5173\/es\/reset-password\?token=/);

    expect((await call(t.app, 'POST', '/api/auth/password/forgot', { body: { email } })).status).toBe(200);
    const limited = await call(t.app, 'POST', '/api/auth/password/forgot', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
  });
});
