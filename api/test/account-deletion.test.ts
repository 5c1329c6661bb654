import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.ts';
import { smtpTransport } from '../src/mail/transport.ts';
import { stripeProvider } from '../src/payments/stripe-provider.ts';
import { grantRole } from '@reelmint/release/dashboard';
import { call, createTestApp, makePicture, multipartBody, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { TestMailServer } from './mail-server.ts';
import { startBucket } from './s3.ts';
import type { TestBucket } from './s3.ts';
import { startStripeStandIn } from './stand-ins/stripe-server.ts';

type App = TestApp['app'];
const PASSWORD = 'correct horse battery';

const deleteAccount = (app: App, token: string, password = PASSWORD, language?: string) =>
  call(app, 'POST', '/api/account/delete', { token, body: { password, ...(language ? { language } : {}) } });

const login = (app: App, email: string, password = PASSWORD) => call(app, 'POST', '/api/auth/login', { body: { email, password } });

/** A finished video of the person's, shared by link, and an uploaded picture: the media a deletion must remove. */
async function withMedia(app: App, token: string, png: Buffer) {
  const body = multipartBody('file', 'p.png', 'image/png', png);
  const upload = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(upload.statusCode).toBe(201);
  const picture = multipartBody('file', 'face.png', 'image/png', png);
  expect(
    (
      await app.inject({
        method: 'PUT',
        url: '/api/account/picture',
        payload: picture.payload,
        headers: { ...picture.headers, authorization: `Bearer ${token}` },
      })
    ).statusCode,
  ).toBe(200);
  const job = await call(app, 'POST', '/api/videos/generate', {
    token,
    body: { type: 'text-to-video', prompt: 'A lighthouse at dusk', model: 'v1.0', resolution: '512p', duration: '5s' },
  });
  expect(job.status).toBe(202);
  const id = job.body.data.id as string;
  await waitFor(
    async () => ((await call(app, 'GET', `/api/videos/status/${id}`, { token })).body.data.status === 'succeeded' ? true : undefined),
    60_000,
    'the video',
  );
  expect((await call(app, 'POST', `/api/videos/${id}/share`, { token })).status).toBe(200);
  const [video, me, uploadRow] = await Promise.all([
    app.services.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    app.services.db
      .selectFrom('users')
      .select(['id', 'picture_file'])
      .where('id', '=', (await call(app, 'GET', '/api/auth/me', { token })).body.data.id)
      .executeTakeFirstOrThrow(),
    app.services.db.selectFrom('uploads').select('file_name').where('id', '=', upload.json().data.id).executeTakeFirstOrThrow(),
  ]);
  const keys = [`videos/${video.video_file}`, `videos/${video.poster_file}`, `uploads/${uploadRow.file_name}`, `pictures/${me.picture_file}`];
  for (const key of keys) expect(await app.services.storage.exists(key)).toBe(true);
  return { videoId: id, keys, cost: job.body.data.cost as number };
}

const rowsOf = async (app: App, userId: string) => {
  const db = app.services.db;
  const count = async (
    table:
      | 'videos'
      | 'uploads'
      | 'sessions'
      | 'account_roles'
      | 'subscriptions'
      | 'credit_ledger'
      | 'receipts'
      | 'checkout_sessions'
      | 'email_verifications'
      | 'password_resets',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return {
    users: Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', '=', userId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
    videos: await count('videos'),
    uploads: await count('uploads'),
    sessions: await count('sessions'),
    roles: await count('account_roles'),
    subscriptions: await count('subscriptions'),
    ledger: await count('credit_ledger'),
    receipts: await count('receipts'),
    checkouts: await count('checkout_sessions'),
    verifications: await count('email_verifications'),
    resets: await count('password_resets'),
  };
};

describe('deleting an account (local payments, media on disk, mail over SMTP)', () => {
  let t: TestApp;
  let png: Buffer;
  const mail = new TestMailServer();

  beforeAll(async () => {
    await mail.start();
    t = await createTestApp({
      siteOrigin: 'https://site.test',
      mailTransport: smtpTransport(mail.url, 'Reelmint <no-reply@reelmint.test>'),
      outbox: { retryIntervalMs: 60 * 60_000 },
    });
    png = await makePicture(t.dataDir, 'face.png', '96x96');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('refuses a wrong password, a missing one and strangers with a 4xx that changes nothing', async () => {
    const { token, user } = await signUp(t.app, 'Careful');
    const before = await rowsOf(t.app, user.id);
    const wrong = await deleteAccount(t.app, token, 'not my password');
    expect([wrong.status, wrong.body.error]).toEqual([403, 'WRONG_PASSWORD']);
    const missing = await call(t.app, 'POST', '/api/account/delete', { token, body: {} });
    expect([missing.status, missing.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await call(t.app, 'POST', '/api/account/delete', { body: { password: PASSWORD } })).status).toBe(401);
    expect(await rowsOf(t.app, user.id)).toEqual(before);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('asks an account without a password (made with Google) to set one through the reset link first', async () => {
    const { token, user, email } = await signUp(t.app, 'Googler');
    await t.app.services.db.updateTable('users').set({ password_hash: null }).where('email', '=', email).execute();
    const refused = await deleteAccount(t.app, token, 'anything');
    expect([refused.status, refused.body.error]).toEqual([409, 'NO_PASSWORD']);
    expect(refused.body.message).toMatch(/reset link/);
    expect((await rowsOf(t.app, user.id)).users).toBe(1);
  });

  it('deletes a paying member: subscription ended, media and rows gone, shares end, signed out everywhere, payments kept anonymised, goodbye in French; the address can sign up again', async () => {
    const { token, user, email } = await signUp(t.app, 'Amélie');
    expect((await call(t.app, 'PATCH', '/api/account/profile', { token, body: { language: 'fr' } })).status).toBe(200);
    const other = await login(t.app, email);
    expect(other.status).toBe(200);
    const pay = async (sessionId: string) => expect((await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token })).status).toBe(303);
    await pay((await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } })).body.data.sessionId);
    await pay((await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } })).body.data.sessionId);
    expect((await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'pro', billingCycle: 'monthly' } })).body.data.kind).toBe(
      'scheduled',
    );
    // A checkout left open, a reset link asked for and a role granted: all of it is the person's.
    expect((await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-750' } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/password/forgot', { body: { email } })).status).toBe(200);
    expect(await grantRole(t.app.services.db, email, 'release-manager', 'operator', new Date())).toBe('granted');
    const { videoId, keys, cost } = await withMedia(t.app, token, png);
    expect((await call(t.app, 'GET', `/api/public/videos/${videoId}`)).status).toBe(200);
    const receiptsBefore = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items;
    expect(receiptsBefore).toHaveLength(2);

    const deleted = await deleteAccount(t.app, token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true, paymentRecordsKept: true, mailMayBeLate: false });

    // Signed out everywhere, and the old credentials no longer open anything.
    for (const session of [token, other.body.data.access_token]) expect((await call(t.app, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    expect((await login(t.app, email)).status).toBe(401);
    // The shared link ends like any unknown video, and every file is gone from storage.
    expect((await call(t.app, 'GET', `/api/public/videos/${videoId}`)).status).toBe(404);
    for (const key of keys) expect(await t.app.services.storage.exists(key)).toBe(false);
    expect(await rowsOf(t.app, user.id)).toEqual({
      users: 0,
      videos: 0,
      uploads: 0,
      sessions: 0,
      roles: 0,
      subscriptions: 0,
      ledger: 0,
      receipts: 0,
      checkouts: 0,
      verifications: 0,
      resets: 0,
    });

    // What the law keeps: the receipts, the paid checkouts and the ledger, under an account nobody can reach.
    const db = t.app.services.db;
    const receipts = await db
      .selectFrom('receipts')
      .selectAll()
      .where(
        'id',
        'in',
        receiptsBefore.map((r: { id: string }) => r.id),
      )
      .execute();
    expect(receipts).toHaveLength(2);
    const anonymousId = receipts[0]!.user_id;
    expect(receipts.every((r) => r.user_id === anonymousId)).toBe(true);
    expect(await db.selectFrom('users').selectAll().where('id', '=', anonymousId).executeTakeFirstOrThrow()).toMatchObject({
      name: '',
      email: expect.stringMatching(/^deleted-[0-9a-f-]+@deleted\.invalid$/),
      password_hash: null,
      google_sub: null,
      language: null,
      picture_file: null,
    });
    const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', anonymousId).orderBy('created_at').execute();
    // The credits left go with the account, recorded as forfeited: the kept books add up to zero.
    const left = 100 + 1000 + 250 - cost;
    expect(ledger.map((row) => row.amount)).toEqual([100, 1000, 250, -cost, -left]);
    expect(ledger.at(-1)).toMatchObject({ kind: 'forfeit', source: 'account-deletion', balance_after: 0 });
    expect(await ledgerSum(t.app.services, anonymousId)).toBe(0);
    expect((await db.selectFrom('users').select('balance').where('id', '=', anonymousId).executeTakeFirstOrThrow()).balance).toBe(0);
    for (const row of ledger) {
      expect(row).toMatchObject({ metadata: null, reason: null, request_hash: null, idempotency_key: `deleted:${row.id}` });
    }
    const checkouts = await db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', anonymousId).execute();
    expect(checkouts.map((row) => [row.kind, row.status, row.source])).toEqual([
      ['plan', 'paid', null],
      ['pack', 'paid', null],
    ]);
    expect(JSON.stringify([ledger, checkouts, receipts])).not.toContain(user.id);

    // The goodbye went out in the person's language, and its copy left the outbox once sent;
    // nothing else addressed to them stays there.
    const goodbye = mail.to(email).at(-1)!;
    expect(goodbye.subject).toBe('Votre compte Reelmint a été supprimé');
    expect(goodbye.text).toContain('Bonjour Amélie,');
    expect(goodbye.text).toContain('La loi nous oblige à conserver');
    expect(goodbye.text).toContain('https://site.test/fr');
    expect(await db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).execute()).toEqual([]);

    // The address is free again: a new, empty account.
    const again = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Amélie', email, password: 'another password' } });
    expect(again.status).toBe(201);
    const fresh = again.body.data.user;
    expect(fresh.id).not.toBe(user.id);
    expect(fresh).toMatchObject({ email, credits: 100, subscription: { plan: 'free' }, roles: [], pictureUrl: null });
    expect((await call(t.app, 'GET', '/api/videos/history', { token: again.body.data.access_token })).body.data.total).toBe(0);
    expect((await call(t.app, 'GET', '/api/payment/receipts', { token: again.body.data.access_token })).body.data.total).toBe(0);
  });

  it('keeps nothing of a person who never paid, and tells them so in English', async () => {
    const { token, user, email } = await signUp(t.app, 'Brief Visitor');
    const users = async () =>
      Number(
        (
          await t.app.services.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await users();
    const deleted = await deleteAccount(t.app, token, PASSWORD, 'en');
    expect(deleted.body.data).toEqual({ deleted: true, paymentRecordsKept: false, mailMayBeLate: false });
    expect(await users()).toBe(before - 1);
    expect((await rowsOf(t.app, user.id)).ledger).toBe(0);
    const goodbye = mail.to(email).at(-1)!;
    expect(goodbye.subject).toBe('Your Reelmint account has been deleted');
    expect(goodbye.text).not.toContain('records of your payments');
  });
});

describe('deleting an account whose subscription is at Stripe and whose media is in S3', () => {
  const webhookSecret = 'whsec_stand_in';
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let bucket: TestBucket;
  let client: Stripe;
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    bucket = await startBucket();
    client = new Stripe(stand.secretKey, { host: '127.0.0.1', port: stand.port, protocol: 'http', maxNetworkRetries: 0 });
    t = await createTestApp({ payments: stripeProvider({ secretKey: stand.secretKey, webhookSecret, client }), storage: bucket.storage() });
    png = await makePicture(t.dataDir, 'face.png', '96x96');
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
    await stand.close();
  });

  const deliver = (type: string, object: object) => {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
    const header = client.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return call(t.app, 'POST', '/api/payment/webhook', { rawBody: payload, headers: { 'stripe-signature': header } });
  };

  /** A Max member through Stripe Checkout, with a move down to Pro waiting for the renewal (a subscription schedule). */
  async function memberWithScheduledChange(name: string) {
    const person = await signUp(t.app, name);
    const { token } = person;
    const started = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } });
    const checkoutRef = new URL(started.body.data.checkoutUrl).pathname.split('/').at(-1)!;
    const subscriptionId = stand.complete(checkoutRef);
    const completed = await deliver('checkout.session.completed', {
      id: checkoutRef,
      object: 'checkout.session',
      client_reference_id: started.body.data.sessionId,
      payment_status: 'paid',
      subscription: subscriptionId,
      customer: stand.subscriptions.get(subscriptionId)!.customer,
    });
    expect(completed.body.data.outcome).toBe('applied');
    expect((await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'pro', billingCycle: 'monthly' } })).body.data.kind).toBe(
      'scheduled',
    );
    const subscription = stand.subscriptions.get(subscriptionId)!;
    return { ...person, subscriptionId, scheduleId: subscription.schedule!, customerId: subscription.customer };
  }

  it('cancels the subscription at Stripe (its waiting change released first), removes the objects from the bucket, and a later event for it changes nothing; with Stripe down it deletes nothing', async () => {
    const { token, user, email, subscriptionId, scheduleId, customerId } = await memberWithScheduledChange('Striped');
    const { keys } = await withMedia(t.app, token, png);
    for (const key of keys) expect(await bucket.storage().exists(key)).toBe(true);

    const wrong = await deleteAccount(t.app, token, 'nope');
    expect(wrong.status).toBe(403);
    expect(stand.subscriptions.get(subscriptionId)!.status).toBe('active');

    // Stripe down: the subscription cannot be ended there, so nothing is deleted here either.
    const before = await rowsOf(t.app, user.id);
    stand.state.down = true;
    const refused = await deleteAccount(t.app, token).finally(() => {
      stand.state.down = false;
    });
    expect([refused.status, refused.body.error]).toEqual([502, 'DELETION_FAILED']);
    expect(await rowsOf(t.app, user.id)).toEqual(before);
    for (const key of keys) expect(await bucket.storage().exists(key)).toBe(true);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);

    const deleted = await deleteAccount(t.app, token);
    expect(deleted.status).toBe(200);
    expect(stand.schedules.get(scheduleId)!.status).toBe('released');
    expect(stand.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(stand.calls.filter((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    // Ended now, the unused share of its payment goes back (paid moments ago: nearly all of Max's $39).
    const subscription = stand.subscriptions.get(subscriptionId)!;
    const paymentIntent = stand.invoices.get(subscription.latest_invoice!)!.payments.data[0]!.payment.payment_intent;
    const refunds = [...stand.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    expect(refunds).toEqual([expect.objectContaining({ reason: 'requested_by_customer', status: 'succeeded' })]);
    expect(refunds[0]!.amount).toBeGreaterThan(3900 - 10);
    expect(refunds[0]!.amount).toBeLessThanOrEqual(3900);
    // Its Stripe customer is deleted too, so Stripe keeps no customer of a deleted account.
    expect(stand.customers.get(customerId)!.deleted).toBe(true);
    for (const key of keys) expect(await bucket.storage().exists(key)).toBe(false);
    expect(await rowsOf(t.app, user.id)).toMatchObject({ users: 0, subscriptions: 0, videos: 0, uploads: 0 });

    // Stripe then reports the ended subscription: nobody is left to change, and nothing fails.
    const ended = await deliver('customer.subscription.deleted', { id: subscriptionId, object: 'subscription' });
    expect(ended.status).toBe(200);
    expect((await login(t.app, email)).status).toBe(401);
  });
  it('deletes the Stripe customer a credit pack was paid as: packs are paid as the member’s customer, never as a guest Stripe would keep', async () => {
    const { token, user, customerId } = await memberWithScheduledChange('Top-up');
    const started = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-750' } });
    expect(started.status).toBe(200);
    const checkoutRef = new URL(started.body.data.checkoutUrl).pathname.split('/').at(-1)!;
    // The one-time Checkout is opened for the customer the subscription was paid as.
    expect(stand.checkoutSessions.get(checkoutRef)).toMatchObject({ mode: 'payment', customer: customerId });
    const payer = stand.completePayment(checkoutRef);
    expect(payer).toBe(customerId);
    const paid = await deliver('checkout.session.completed', {
      id: checkoutRef,
      object: 'checkout.session',
      client_reference_id: started.body.data.sessionId,
      payment_status: 'paid',
      subscription: null,
      customer: payer,
    });
    expect(paid.body.data.outcome).toBe('applied');
    expect((await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items[0]).toMatchObject({ kind: 'pack', pack: 'credits-750' });

    const paidAtStripe = await t.app.services.db
      .selectFrom('checkout_sessions')
      .select('provider_ref')
      .where('user_id', '=', user.id)
      .where('status', '=', 'paid')
      .execute();
    const deleted = await deleteAccount(t.app, token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.paymentRecordsKept).toBe(true);
    expect(stand.customers.get(customerId)!.deleted).toBe(true);
    expect(stand.calls.filter((c) => c.method === 'DELETE' && c.path === `/v1/customers/${customerId}`)).toHaveLength(1);
    // Both Checkouts this person paid (the plan and the pack) were paid as a customer that is now deleted: no payer is left at Stripe.
    const payers = paidAtStripe.map((row) => stand.checkoutSessions.get(row.provider_ref!)!);
    expect(payers.map((session) => session.mode).sort()).toEqual(['payment', 'subscription']);
    for (const session of payers) expect(stand.customers.get(session.customer!)!.deleted).toBe(true);
    expect(await rowsOf(t.app, user.id)).toMatchObject({ users: 0 });
    expect(await t.app.services.db.selectFrom('payment_customers').select('customer_ref').where('customer_ref', '=', customerId).execute()).toEqual([]);
  });
  it('when Stripe releases the waiting change but refuses the cancellation, a retry goes on from the release instead of failing on it every time', async () => {
    const { token, user, subscriptionId, scheduleId } = await memberWithScheduledChange('Halfway');
    const cancelPath = new RegExp(`^/v1/subscriptions/${subscriptionId}$`);
    stand.state.refuse = {
      method: 'DELETE',
      path: cancelPath,
      error: { status: 400, type: 'invalid_request_error', message: 'This subscription cannot be canceled right now.' },
    };
    const refused = await deleteAccount(t.app, token).finally(() => {
      stand.state.refuse = null;
    });
    expect([refused.status, refused.body.error]).toEqual([502, 'DELETION_FAILED']);
    // The release happened at Stripe, and the account now says so; nothing else was deleted.
    expect(stand.schedules.get(scheduleId)!.status).toBe('released');
    expect(stand.subscriptions.get(subscriptionId)!.status).toBe('active');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'premium', scheduledChange: null });
    expect((await rowsOf(t.app, user.id)).users).toBe(1);

    const retried = await deleteAccount(t.app, token);
    expect(retried.status).toBe(200);
    expect(stand.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    // The schedule was released once: the retry did not ask Stripe to release it again.
    expect(stand.calls.filter((c) => c.path === `/v1/subscription_schedules/${scheduleId}/release`)).toHaveLength(1);
    expect((await rowsOf(t.app, user.id)).users).toBe(0);
  });
  it('deletes the Stripe customer last; if Stripe refuses that, nothing here is deleted, and the retry does not cancel the subscription twice', async () => {
    const { token, user, subscriptionId, customerId } = await memberWithScheduledChange('Customer');
    stand.state.refuse = {
      method: 'DELETE',
      path: new RegExp(`^/v1/customers/${customerId}$`),
      error: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' },
    };
    const refused = await deleteAccount(t.app, token).finally(() => {
      stand.state.refuse = null;
    });
    expect([refused.status, refused.body.error]).toEqual([502, 'DELETION_FAILED']);
    expect(stand.customers.get(customerId)!.deleted).toBe(false);
    // The subscription did end at Stripe, and the account says so; the account itself is still there.
    expect(stand.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'free', scheduledChange: null });
    expect((await rowsOf(t.app, user.id)).users).toBe(1);

    expect((await deleteAccount(t.app, token)).status).toBe(200);
    expect(stand.customers.get(customerId)!.deleted).toBe(true);
    expect(stand.calls.filter((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect((await rowsOf(t.app, user.id)).users).toBe(0);
  });
});
