import {
  endedVideosQuery,
  endedVideosReply,
  notificationSettings,
  notificationSettingsChange,
  pushKeyReply,
  pushSubscriptionInput,
  pushSubscriptionRemoval,
  pushSubscriptionReply,
} from '@reelmint/contract/notification-api';
import type { EndedVideosQuery, NotificationSettingsChange, PushSubscriptionInput, PushSubscriptionRemoval } from '@reelmint/contract/notification-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorReplies, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { studioPath, videoTitle } from './notifier.ts';
import { acceptableEndpoint } from './push.ts';
import type { VapidKeys } from './push.ts';

const tags = ['notifications'];

async function settingsOf(services: Services, userId: string) {
  const user = await services.db.selectFrom('users').select('notify_by_email').where('id', '=', userId).executeTakeFirstOrThrow();
  const devices = await services.db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { email: user.notify_by_email === 1, pushDevices: Number(devices?.n ?? 0) };
}

/** Most videos the watcher is told of in one answer; older ones are in the history. */
const ENDED_LIMIT = 10;

export function registerNotificationRoutes(app: FastifyInstance, services: Services, keys: () => Promise<VapidKeys>, allowLoopbackEndpoints: boolean): void {
  app.get(
    '/api/notifications/push-key',
    {
      schema: {
        tags,
        summary: "The site's VAPID public key, for a browser's push subscription",
        response: { 200: envelopeSchema(pushKeyReply), ...errorReplies },
      },
    },
    async () => ok({ publicKey: (await keys()).publicKey }),
  );

  app.get(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Whether you get a mail when a video ends, and how many browsers get push notifications',
        response: { 200: envelopeSchema(notificationSettings), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await settingsOf(services, user.id));
    },
  );

  app.put<{ Body: NotificationSettingsChange }>(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Turn the mail sent when one of your videos is ready or failed on or off',
        body: jsonSchemaOf(notificationSettingsChange, 'input'),
        response: { 200: envelopeSchema(notificationSettings), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await services.db
        .updateTable('users')
        .set({ notify_by_email: request.body.email ? 1 : 0 })
        .where('id', '=', user.id)
        .execute();
      return ok(await settingsOf(services, user.id), 'Notification settings saved');
    },
  );

  app.post<{ Body: PushSubscriptionInput }>(
    '/api/notifications/subscriptions',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Push notifications to this browser (its PushSubscription's JSON) when a video ends",
        body: jsonSchemaOf(pushSubscriptionInput, 'input'),
        response: { 201: envelopeSchema(pushSubscriptionReply), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      const { endpoint, keys: browserKeys } = request.body;
      if (!acceptableEndpoint(endpoint, allowLoopbackEndpoints)) {
        throw new AppError(400, 'PUSH_ENDPOINT_REFUSED', 'The push service must be reached over HTTPS');
      }
      // A browser has one subscription; when another account signs in on it, the notes follow that account.
      await services.db
        .insertInto('push_subscriptions')
        .values({ endpoint, user_id: user.id, p256dh: browserKeys.p256dh, auth: browserKeys.auth, created_at: services.now().toISOString() })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: user.id, p256dh: browserKeys.p256dh, auth: browserKeys.auth }))
        .execute();
      return reply.code(201).send(ok({ endpoint, subscribed: true }, 'Push notifications on'));
    },
  );

  app.delete<{ Body: PushSubscriptionRemoval }>(
    '/api/notifications/subscriptions',
    {
      schema: {
        tags,
        summary: 'Stop push notifications to a browser of yours (by its endpoint)',
        body: jsonSchemaOf(pushSubscriptionRemoval, 'input'),
        response: { 200: envelopeSchema(pushSubscriptionReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const { endpoint } = request.body;
      await services.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', user.id).execute();
      return ok({ endpoint, subscribed: false }, 'Push notifications off');
    },
  );

  app.get<{ Querystring: EndedVideosQuery }>(
    '/api/notifications/ended',
    {
      schema: {
        tags,
        summary: 'Your videos that ended (ready, or failed and refunded) after `since`, and how many are still under way',
        querystring: jsonSchemaOf(endedVideosQuery, 'input'),
        response: { 200: envelopeSchema(endedVideosReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const now = services.now().toISOString();
      const since = request.query.since;
      const ended = since
        ? await services.db
            .selectFrom('videos')
            .select(['id', 'type', 'status', 'prompt', 'finished_at', 'error_code'])
            .where('user_id', '=', user.id)
            .where('status', 'in', ['succeeded', 'failed'])
            .where('finished_at', '>', new Date(since).toISOString())
            .where((eb) => eb.or([eb('error_code', 'is', null), eb('error_code', '!=', 'DELETED')]))
            .orderBy('finished_at', 'desc')
            .limit(ENDED_LIMIT)
            .execute()
        : [];
      const active = await services.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', user.id)
        .where('status', 'in', ['queued', 'processing'])
        .executeTakeFirst();
      return ok({
        ended: ended.map((video) => ({
          id: video.id,
          type: video.type,
          outcome: video.status === 'succeeded' ? ('ready' as const) : ('failed' as const),
          title: videoTitle(video.prompt),
          finishedAt: video.finished_at ?? now,
          path: studioPath(video.type),
        })),
        active: Number(active?.n ?? 0),
        now,
      });
    },
  );
}
