// The events the apps send each other on the runtime's one bus (@reelmint/shared's `bus`): declared here, with the
// other things the apps agree on, so a remote, the shell and their tests name each event and its data one way.
import type { SessionUser } from './account-api.ts';
import type { FeatureFlag, PlanKey } from './plans.ts';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface SubscriptionModalRequest {
  /** Correlates the request with its result. */
  requestId: string;
  /** Where the upsell came from, carried to checkout (e.g. 'generator', 'header'). */
  source?: string;
  /** Set when the modal was opened because a generation needs more credits. */
  needsCredits?: { required: number; available: number };
  /** Set when the modal was opened because an option needs a plan: the feature and the cheapest plan with it. */
  needsPlan?: { feature: FeatureFlag; plan: PlanKey };
}

export type SubscriptionModalResult = { requestId: string; action: 'closed' } | { requestId: string; action: 'continue'; plan: string };

/** Every event that crosses an app boundary. Remotes and the shell talk only through these. */
export type AppEvents = {
  /** The one announcement of a change of session: sent on every set and clear (stores/auth.ts). */
  'auth:changed': { token: string | null; user: SessionUser | null };
  'language:changed': { lng: string };
  'subscription:open': SubscriptionModalRequest;
  'subscription:result': SubscriptionModalResult;
  /** `key`, when set, names one of the shell's own translations, shown instead of `message` in the page's language. */
  toast: { kind: ToastKind; message: string; key?: string };
  /** Ask the shell's router to go somewhere; `to` is language-free, the shell adds the language. */
  navigate: { to: string; replace?: boolean };
  /** A job (a generation or an edit) was queued: the shell's watcher follows it, to tell the person when it ends. */
  'video:queued': { id: string };
  /**
   * The video the studio's stage follows (its job, then its result); null once it follows none or the studio closes.
   * The stage itself says how that video ended, so the shell's watcher does not toast it while the tab is in view.
   */
  'studio:stage': { id: string | null };
};
