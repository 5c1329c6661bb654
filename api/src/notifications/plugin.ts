import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyJobEnds, vapidKeysOnce } from './notifier.ts';
import { registerNotificationRoutes } from './routes.ts';

export interface NotificationsOptions {
  /** Accept push services on this machine over plain HTTP (tests run a local one); never in production. */
  allowLoopbackPushEndpoints?: boolean;
}

/**
 * Being told when a video ends (`/api/notifications/...`): the VAPID key, push subscriptions, the mail setting and
 * the page's watcher; and the notifier, which listens for job ends in this process's worker.
 */
async function notifications(app: FastifyInstance, options: NotificationsOptions): Promise<void> {
  const { services } = app;
  const keys = vapidKeysOnce(services);
  const stop = services.jobEnds
    ? notifyJobEnds(services.jobEnds, { ctx: services, mailer: services.mailer, siteOrigin: services.siteOrigin, keys, log: app.log })
    : null;
  registerNotificationRoutes(app, services, keys, options.allowLoopbackPushEndpoints ?? false);
  // The key pair exists from the first start, before any browser asks for it.
  app.addHook('onReady', async () => void (await keys()));
  app.addHook('onClose', async () => stop?.());
}

export default fp(notifications, { name: 'notifications', fastify: '5.x', dependencies: ['services'] });
