import type { PushPayload } from '@reelmint/contract/notification-api';
import type { VideoKind } from '@reelmint/contract/video-api';
import type { CoreContext, JobEnd, JobEnds } from '../context.ts';
import { mailLanguage } from '../accounts/mailed-links.ts';
import { siteLink, videoEndedMail } from '../mail/render.ts';
import { MAIL_TEXTS } from '../mail/texts.ts';
import type { Mailer } from '../mail/outbox.ts';
import { loadVapidKeys, sendPush } from './push.ts';
import type { VapidKeys } from './push.ts';

/** The page a notification about a video opens: the studio it was made in, whose history holds it. */
export function studioPath(type: VideoKind): string {
  if (type === 'image-to-video') return '/image-to-video/generator';
  if (type === 'edit') return '/generator';
  return '/text-to-video/generator';
}

/** How a video is named in a notification: the start of its prompt. */
export function videoTitle(prompt: string | null): string {
  const text = (prompt ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export interface NotifierDeps {
  ctx: CoreContext;
  mailer: Mailer;
  siteOrigin: string;
  keys: () => Promise<VapidKeys>;
  log: { error(details: object, message: string): void };
}

/** The site's VAPID keys, read (or made) once per process; a failed read is tried again next time. */
export function vapidKeysOnce(ctx: CoreContext): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | null = null;
  return () => {
    loading ??= loadVapidKeys(ctx).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * Tells the owners of the jobs that end in this process (the API's worker, or a worker process of its own). Returns
 * the function that stops listening and waits for the notes under way.
 */
export function notifyJobEnds(jobEnds: JobEnds, deps: NotifierDeps): () => Promise<void> {
  const notifier = new Notifier(deps);
  const stop = jobEnds.listen((end) => notifier.handle(end));
  return async () => {
    stop();
    await notifier.settle();
  };
}

/**
 * Tells the owner of a job that ended: a push message to each browser they allowed (a subscription its push
 * service says is gone is removed) and a mail when they turned mails on. Runs after the job's final state is
 * committed and never holds the worker up; what it could not send is logged, and the video is in the history anyway.
 */
class Notifier {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: NotifierDeps) {}

  /** For the job-end listener: starts the work and keeps it until it is done, so closing the app can wait for it. */
  handle(end: JobEnd): void {
    const work = this.notify(end).catch((error: unknown) =>
      this.deps.log.error({ err: error, jobId: end.id }, 'could not send the notes about a finished video'),
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async notify(end: JobEnd): Promise<void> {
    const { ctx, siteOrigin } = this.deps;
    const video = await ctx.db.selectFrom('videos').select(['id', 'user_id', 'type', 'prompt']).where('id', '=', end.id).executeTakeFirst();
    if (!video) return;
    const user = await ctx.db.selectFrom('users').select(['name', 'email', 'language', 'notify_by_email']).where('id', '=', video.user_id).executeTakeFirst();
    if (!user) return;
    const language = mailLanguage(user);
    const strings = MAIL_TEXTS[language].videoEnded;
    const title = videoTitle(video.prompt);
    const url = siteLink(siteOrigin, language, studioPath(video.type));
    const subscriptions = await ctx.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', video.user_id).execute();
    if (subscriptions.length > 0) {
      const payload: PushPayload = {
        title: end.outcome === 'ready' ? strings.pushReady : strings.pushFailed,
        body: title,
        url,
        tag: `video-${video.id}`,
        videoId: video.id,
        outcome: end.outcome,
      };
      const keys = await this.deps.keys();
      // The VAPID subject names who sends: the site, or a mail address when the site is not on HTTPS.
      const subject = siteOrigin.startsWith('https://') ? siteOrigin : 'mailto:notifications@reelmint.invalid';
      await Promise.all(subscriptions.map((subscription) => this.push(keys, subject, subscription, JSON.stringify(payload))));
    }
    if (user.notify_by_email === 1) {
      const mail = videoEndedMail({ language, name: user.name, siteOrigin, outcome: end.outcome, title, url });
      await this.deps.mailer.send({ kind: `video-${end.outcome}`, to: user.email, ...mail });
    }
  }

  private async push(keys: VapidKeys, subject: string, subscription: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<void> {
    const outcome = await sendPush(keys, subject, subscription, payload).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'a push service could not be reached');
      return 'failed' as const;
    });
    if (outcome === 'gone') {
      await this.deps.ctx.db.deleteFrom('push_subscriptions').where('endpoint', '=', subscription.endpoint).execute();
    }
  }
}
