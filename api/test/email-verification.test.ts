import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/mail/transport.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { TestMailServer, resetTokenIn, verifyTokenIn } from './mail-server.ts';

const FROM = 'Reelmint <no-reply@reelmint.test>';
const PASSWORD = 'my own password 1';

describe('email verification', () => {
  let t: TestApp;
  const mail = new TestMailServer();
  let clock = new Date('2026-04-01T09:00:00Z');

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

  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };
  const verify = (token: string) => call(t.app, 'POST', '/api/auth/email/verify', { body: { token } });
  const me = async (token: string) => (await call(t.app, 'GET', '/api/auth/me', { token })).body.data;
  const address = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@example.com`;

  async function registered(language?: string) {
    const email = address('verify');
    const reply = await call(t.app, 'POST', '/api/auth/register', {
      body: { name: 'Ada', email, password: PASSWORD, ...(language ? { language } : {}) },
    });
    expect(reply.status).toBe(201);
    return { email, token: reply.body.data.access_token as string, reply };
  }

  it('mails a new account a link in its language; following it marks the address verified, once', async () => {
    const { email, token, reply } = await registered('de');
    expect(reply.body.data).toMatchObject({ mailMayBeLate: false, user: { email, emailVerified: false, pendingEmail: null } });
    const [received] = mail.to(email);
    expect(received?.subject).toBe('Bestätige deine E-Mail-Adresse für Reelmint');
    expect(received?.text).toContain('Hallo Ada,');
    expect(received?.text).toMatch(/https:\/\/site\.test\/de\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect(received?.html).toContain('<html lang="de">');

    const link = verifyTokenIn(received!);
    const first = await verify(link);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ email, purpose: 'signup' });
    expect(await me(token)).toMatchObject({ emailVerified: true });

    const again = await verify(link);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ success: false, data: null, error: 'VERIFY_LINK_USED' });
  });

  it('resends a fresh link on request, at most three in 15 minutes, and refuses once verified', async () => {
    const { email, token } = await registered();
    const resend = () => call(t.app, 'POST', '/api/auth/email/verify/resend', { token, body: { language: 'it' } });
    const first = await resend();
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ email, mailMayBeLate: false });
    expect(mail.to(email).at(-1)?.subject).toBe('Conferma il tuo indirizzo email per Reelmint');
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('TOO_MANY_MAILS');
    expect(mail.to(email)).toHaveLength(3);

    later(16);
    expect((await resend()).status).toBe(200);
    expect((await verify(verifyTokenIn(mail.to(email).at(-1)!))).status).toBe(200);
    const done = await resend();
    expect(done.status).toBe(409);
    expect(done.body.error).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await call(t.app, 'POST', '/api/auth/email/verify/resend', { body: {} })).status).toBe(401);
  });

  it('refuses unknown, tampered and expired links with codes the page can explain, changing nothing', async () => {
    const { email } = await registered();
    const link = verifyTokenIn(mail.to(email)[0]!);
    const tampered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    const bad = await verify(tampered);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VERIFY_LINK_INVALID');
    expect((await verify('<not a token>')).body.error).toBe('VALIDATION_ERROR');
    later(24 * 60 + 1);
    const expired = await verify(link);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('VERIFY_LINK_EXPIRED');
    // The session has expired by now too (tokens last a day): read the account itself.
    const row = await t.app.services.db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('moves the account to a new address only when that address confirms, and tells the old one', async () => {
    const { email, token } = await registered('fr');
    const newEmail = address('moved');
    const change = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/auth/email/change', { token, body });

    const wrong = await change({ email: newEmail, password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('WRONG_PASSWORD');
    expect((await change({ email: newEmail })).body.error).toBe('WRONG_PASSWORD');
    expect((await change({ email: email.toUpperCase(), password: PASSWORD })).body.error).toBe('EMAIL_UNCHANGED');
    const other = await signUp(t.app, 'Someone Else');
    const taken = await change({ email: other.email, password: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('EMAIL_TAKEN');
    expect(mail.to(newEmail)).toHaveLength(0);

    const asked = await change({ email: newEmail, password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ pendingEmail: newEmail, mailMayBeLate: false });
    expect(await me(token)).toMatchObject({ email, pendingEmail: newEmail });
    const notice = mail.to(email).at(-1)!;
    expect(notice.subject).toBe('L’adresse e-mail de votre compte Reelmint va changer');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('https://site.test/fr/forgot-password');
    const [confirm] = mail.to(newEmail);
    expect(confirm?.subject).toBe('Confirmez votre nouvelle adresse e-mail Reelmint');

    // Until confirmed, the old address still signs in and the new one does not.
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: newEmail, password: PASSWORD } })).status).toBe(401);
    const confirmed = await verify(verifyTokenIn(confirm!));
    expect(confirmed.body.data).toEqual({ email: newEmail, purpose: 'change' });
    expect(await me(token)).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: newEmail, password: PASSWORD } })).status).toBe(200);
  });

  it('voids an earlier change when a newer one is asked for, and a password reset calls off a pending change', async () => {
    const { email, token } = await registered();
    const first = address('first');
    const second = address('second');
    await call(t.app, 'POST', '/api/auth/email/change', { token, body: { email: first, password: PASSWORD } });
    later(16);
    await call(t.app, 'POST', '/api/auth/email/change', { token, body: { email: second, password: PASSWORD } });
    expect((await verify(verifyTokenIn(mail.to(first)[0]!))).body.error).toBe('VERIFY_LINK_USED');

    await call(t.app, 'POST', '/api/auth/password/forgot', { body: { email } });
    const resetMail = mail.to(email).find((m) => m.text.includes('/reset-password?token='))!;
    const reset = await call(t.app, 'POST', '/api/auth/password/reset', { body: { token: resetTokenIn(resetMail), password: 'a brand new one' } });
    expect(reset.status).toBe(200);
    // The reset link reached the current address, so it is proven as well.
    expect(reset.body.data.user).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    expect((await verify(verifyTokenIn(mail.to(second)[0]!))).body.error).toBe('VERIFY_LINK_USED');
  });

  it('refuses a change whose address another account took in the meantime', async () => {
    const { token } = await registered();
    const wanted = address('wanted');
    await call(t.app, 'POST', '/api/auth/email/change', { token, body: { email: wanted, password: PASSWORD } });
    await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Quick', email: wanted, password: PASSWORD } });
    const link = verifyTokenIn(mail.to(wanted).find((m) => m.subject.startsWith('Confirm your new'))!);
    const late = await verify(link);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('EMAIL_TAKEN');
  });

  it('records the mail and says it may be late when the mail server is down, then delivers it', async () => {
    await mail.stop();
    let email: string;
    try {
      const signedUp = await registered();
      email = signedUp.email;
      expect(signedUp.reply.body.data.mailMayBeLate).toBe(true);
      const row = await t.app.services.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'email-verification', status: 'pending', attempts: 1 });
    } finally {
      await mail.start();
    }
    later(2);
    await t.app.services.mailer.deliverDue();
    expect(mail.to(email)).toHaveLength(1);
    expect((await verify(verifyTokenIn(mail.to(email)[0]!))).status).toBe(200);
  });
});
