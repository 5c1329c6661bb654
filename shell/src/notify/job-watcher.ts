import { ApiError, authStore, bus, clearSession, request } from '@reelmint/shared';
import type { EndedVideo, EndedVideosReply } from '@reelmint/contract/notification-api';
import type { TFunction } from 'i18next';
import { showToast } from '../chrome/toasts.tsx';

/** How often the person's jobs are asked after while one is under way. */
const ACTIVE_INTERVAL_MS = 3_000;
/** After a failed check: the jobs go on, the next check waits longer. */
const RETRY_INTERVAL_MS = 15_000;

/**
 * While the tab shows a changed title: the words it had, and the title shown instead. The first sign that the person
 * sees the tab again (it becomes visible, gets the focus, a key or a pointer) puts the words back.
 */
let flagged: { original: string; shown: string } | null = null;

function unflag() {
  if (flagged && document.title === flagged.shown) document.title = flagged.original;
  flagged = null;
  for (const event of SEEN_EVENTS) window.removeEventListener(event, onSeen, true);
  window.removeEventListener('focus', onSeen);
  document.removeEventListener('visibilitychange', onSeen);
}

// A key or a pointer anywhere in the page (caught before the page's own handlers); the window's own focus is listened
// to apart, since an element taking the focus (the studio focusing its result) is not the person looking.
const SEEN_EVENTS = ['pointerdown', 'keydown'] as const;

function onSeen() {
  if (document.visibilityState === 'visible') unflag();
}

function flagTitle(text: string) {
  const original = flagged && document.title === flagged.shown ? flagged.original : document.title;
  flagged = { original, shown: `${text} – ${original}` };
  document.title = flagged.shown;
  // Armed after this turn, so the click that may have led here does not count as seeing it.
  setTimeout(() => {
    for (const event of SEEN_EVENTS) window.addEventListener(event, onSeen, true);
    window.addEventListener('focus', onSeen);
    document.addEventListener('visibilitychange', onSeen);
  }, 0);
}

/** The video the studio's stage follows in this page, if a studio is open (its `studio:stage` event). */
let onStage: string | null = null;

function announce(t: TFunction, video: EndedVideo) {
  // The person is looking at the studio that follows this very video: its stage tells how it ended, and a toast over
  // the player (or the header) would only hide what they came to see. Any other video, or a hidden tab, is told.
  if (video.id === onStage && document.visibilityState === 'visible') return;
  const title = video.title || t('notify.untitled');
  const ready = video.outcome === 'ready';
  showToast(ready ? 'success' : 'error', t(ready ? 'notify.ready' : 'notify.failed', { title }), {
    action: { label: t('notify.open'), onClick: () => bus.emit('navigate', { to: video.path }) },
  });
  flagTitle(t(ready ? 'notify.titleReady' : 'notify.titleFailed'));
}

/** Set once the person answered the offer in this browser (either way): it is not made again. */
const OFFER_ANSWERED = 'reelmint-push-offer';

/**
 * When a job is queued in a browser that could show notifications but does not yet: an offer to turn them on, so the
 * person hears of the video after closing the tab. Made once; closing it is remembered too.
 */
async function offerPush(t: TFunction) {
  if (localStorage.getItem(OFFER_ANSWERED)) return;
  const push = await import('./push.ts');
  if ((await push.pushState()) !== 'off' || Notification.permission !== 'default') return;
  const answered = () => localStorage.setItem(OFFER_ANSWERED, '1');
  showToast('info', t('notify.offer'), {
    duration: Infinity,
    action: {
      label: t('notify.offerAccept'),
      onClick: () => {
        answered();
        push.turnPushOn().then(
          (state) => showToast(state === 'on' ? 'success' : 'info', t(state === 'on' ? 'settings.notifications.pushOn' : 'settings.notifications.pushDenied')),
          () => showToast('error', t('notify.offerFailed')),
        );
      },
    },
    // Closing it is the person's "not now".
    onDismiss: answered,
  });
}

/**
 * Tells the signed-in person, on whatever page they are, when one of their videos is ready or failed (and was
 * refunded): a toast and the tab's title. It asks the API which of their jobs ended since it last asked, every few
 * seconds while any is under way; a job queued in this page, or the tab shown again, makes it ask at once.
 * Returns the function that stops it (sign-out).
 */
export function startJobWatcher(t: TFunction): () => void {
  let since: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), ms);
  };

  const check = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    const session = authStore.getState().token;
    try {
      const reply = await request<EndedVideosReply>('GET', '/api/notifications/ended', { query: { since } });
      if (stopped) return;
      // The first answer only sets the starting point: what ended before this page opened was seen elsewhere.
      if (since !== undefined) for (const video of [...reply.ended].reverse()) announce(t, video);
      since = reply.now;
      if (reply.active > 0) schedule(ACTIVE_INTERVAL_MS);
    } catch (failure) {
      // A session the API no longer knows (a password changed elsewhere) ends quietly: the header offers to sign in
      // again, and the page the person is on stays where it is.
      if (failure instanceof ApiError && failure.status === 401 && authStore.getState().token === session) clearSession();
      else if (!stopped) schedule(RETRY_INTERVAL_MS);
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        schedule(ACTIVE_INTERVAL_MS);
      }
    }
  };

  const onQueued = () => {
    schedule(ACTIVE_INTERVAL_MS);
    offerPush(t).catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const onStageChange = ({ id }: { id: string | null }) => {
    onStage = id;
  };
  bus.on('video:queued', onQueued);
  bus.on('studio:stage', onStageChange);
  document.addEventListener('visibilitychange', onVisible);
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
    bus.off('video:queued', onQueued);
    bus.off('studio:stage', onStageChange);
    document.removeEventListener('visibilitychange', onVisible);
    unflag();
  };
}
