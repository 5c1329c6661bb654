import { z } from 'zod';
import { VIDEO_KINDS } from './video-api.ts';

/**
 * Being told when a video ends (ready, or failed and refunded): the page's own watcher, Web Push to the browsers a
 * person allowed, and mail for those who asked for it. Declared once for the API's schemas and the apps' types.
 */

/** GET /api/notifications/push-key: the site's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeyReply = z.object({ publicKey: z.string() });
export type PushKeyReply = z.infer<typeof pushKeyReply>;

/** GET and PUT /api/notifications/settings. */
export const notificationSettings = z.object({
  /** A mail each time one of the person's videos is ready or failed. */
  email: z.boolean(),
  /** How many browsers of this account receive push notifications. */
  pushDevices: z.int().min(0),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsChange = z.strictObject({ email: z.boolean() });
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChange>;

/** A browser's PushSubscription as `toJSON()` gives it (POST /api/notifications/subscriptions). */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.strictObject({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(32),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/notifications/subscriptions: the browser that no longer wants them. */
export const pushSubscriptionRemoval = z.strictObject({ endpoint: z.string().min(1).max(2048) });
export type PushSubscriptionRemoval = z.infer<typeof pushSubscriptionRemoval>;

export const pushSubscriptionReply = z.object({ endpoint: z.string(), subscribed: z.boolean() });

/** GET /api/notifications/ended?since=: the person's videos that ended after `since`, for the page's watcher. */
export const endedVideosQuery = z.strictObject({ since: z.iso.datetime().optional() });
export type EndedVideosQuery = z.infer<typeof endedVideosQuery>;

export const endedVideo = z.object({
  id: z.string(),
  type: z.enum(VIDEO_KINDS),
  outcome: z.enum(['ready', 'failed']),
  /** The prompt's start, to name the video. */
  title: z.string(),
  /** The studio that holds it in its history, without the language. */
  path: z.string(),
  finishedAt: z.string(),
});
export type EndedVideo = z.infer<typeof endedVideo>;

export const endedVideosReply = z.object({
  ended: z.array(endedVideo),
  /** Jobs still queued or running: the watcher keeps asking while there are any. */
  active: z.int().min(0),
  /** The server's clock: the next call's `since`. */
  now: z.string(),
});
export type EndedVideosReply = z.infer<typeof endedVideosReply>;

/** What a push message carries; the service worker shows it and opens `url` on a click. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  videoId: z.string(),
  outcome: endedVideo.shape.outcome,
});
export type PushPayload = z.infer<typeof pushPayload>;
