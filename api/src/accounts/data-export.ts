import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { Session } from './authenticator.ts';
import { listSessions } from './settings.ts';
import { userView } from './users.ts';
import { shareUrl, videoView } from '../videos/views.ts';
import { toReceiptView } from '../payments/receipts.ts';

/** How long the media links in an export work (the signed media tokens' lifetime). */
export const EXPORT_LINK_NOTE = 'Links to videos and posters work for one hour after the export, while the session that made it is signed in.';

const parse = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
};

/**
 * Everything the site keeps about the person, in one JSON document: the account and its roles, its
 * sessions, subscription (with a change waiting for the renewal), credit ledger, payments (plans and
 * credit packs), receipts, uploaded pictures, videos (with links to the media) and the videos it shares.
 */
export async function exportAccountData(services: Services, request: FastifyRequest, session: Session) {
  const { user } = session;
  const db = services.db;
  const [subscription, ledger, payments, receipts, roles, uploads, videos] = await Promise.all([
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirst(),
    db.selectFrom('credit_ledger').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('receipts').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('account_roles').selectAll().where('user_id', '=', user.id).orderBy('role').execute(),
    db.selectFrom('uploads').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('videos').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
  ]);
  const base = services.publicBase(request);
  const view = await userView(services, user);
  return {
    format: 'reelmint-account-export/1',
    exportedAt: services.now().toISOString(),
    note: EXPORT_LINK_NOTE,
    account: {
      ...view,
      pictureUrl: view.pictureUrl ? `${base}${view.pictureUrl}` : null,
      signsInWithGoogle: user.google_sub !== null,
      createdAt: user.created_at,
    },
    // Who granted a role is the operator's name, not the person's data: only the role and when.
    roles: roles.map((row) => ({ role: row.role, grantedAt: row.granted_at })),
    sessions: await listSessions(services, session),
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          billingCycle: subscription.billing_cycle,
          currentPeriodEnd: subscription.current_period_end,
          // A plan change asked for that starts at the renewal; null when none waits.
          scheduledChange:
            subscription.scheduled_plan !== null
              ? { plan: subscription.scheduled_plan, billingCycle: subscription.scheduled_cycle, effectiveDate: subscription.current_period_end }
              : null,
          provider: subscription.provider,
          updatedAt: subscription.updated_at,
        }
      : null,
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      balanceAfter: row.balance_after,
      source: row.source,
      reason: row.reason,
      refundOf: row.refund_of,
      metadata: parse(row.metadata),
      createdAt: row.created_at,
    })),
    payments: payments.map((row) => ({
      id: row.id,
      kind: row.kind,
      plan: row.plan,
      pack: row.pack,
      billingCycle: row.billing_cycle,
      amount: Number(row.amount_cents) / 100,
      currency: row.currency,
      status: row.status,
      provider: row.provider,
      creditsGranted: row.credits_granted,
      createdAt: row.created_at,
      completedAt: row.completed_at,
    })),
    receipts: receipts.map(toReceiptView),
    uploads: uploads.map((row) => ({ id: row.id, mimeType: row.mime_type, size: row.size, width: row.width, height: row.height, createdAt: row.created_at })),
    videos: await Promise.all(videos.map((video) => videoView(services, request, video, session.jti))),
    shares: videos
      .filter((video) => video.shared_at !== null)
      .map((video) => ({ videoId: video.id, sharedAt: video.shared_at, shareUrl: shareUrl(services, video.id), views: Number(video.share_views) })),
  };
}
