import webpush from 'web-push';
import type { CoreContext } from '../context.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The site's VAPID key pair: made on the first start and kept in the database, since every browser's subscription
 * is bound to the public key it was made with. Two processes starting at once both try to insert; one row wins and
 * both read it.
 */
export async function loadVapidKeys(ctx: CoreContext): Promise<VapidKeys> {
  const stored = await ctx.db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 'vapid').executeTakeFirst();
  if (stored) return { publicKey: stored.public_key, privateKey: stored.private_key };
  const made = webpush.generateVAPIDKeys();
  await ctx.db
    .insertInto('push_keys')
    .values({ id: 'vapid', public_key: made.publicKey, private_key: made.privateKey, created_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const kept = await ctx.db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 'vapid').executeTakeFirstOrThrow();
  return { publicKey: kept.public_key, privateKey: kept.private_key };
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service keeps a message for a browser that is offline: a note about a video is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one message: web-push encrypts it for the subscription's keys (RFC 8291, aes128gcm) and signs the VAPID
 * header; the request goes out with fetch, so a push service on plain HTTP (a local one) is reached like any other.
 * 404 and 410 mean the browser dropped the subscription.
 */
export async function sendPush(keys: VapidKeys, subject: string, subscription: StoredSubscription, payload: string, timeoutMs = 10_000): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers,
    body: details.body ?? null,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'sent' : 'failed';
}

/**
 * A push service's address: HTTPS to a named host. Plain HTTP on this machine (a local push service) only where the
 * API is told to allow it (its tests): otherwise anyone could make the API post to its own neighbours.
 */
export function acceptableEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (loopback) return allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:');
  return url.protocol === 'https:';
}
