import type { PlanFeatures, PlanKey, SubscriptionStatus } from '../plans.ts';
import type { AspectRatio, EditKind, GenerationConfig, MergeTransition, ReframeMode } from '../pricing.ts';

/** Every API reply has this envelope. */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  message?: string;
}

export type { AccountRole, AccountSession, AccountUser, LoginReply, RegisterReply } from '../account-api.ts';

export interface CreditsInfo {
  balance: number;
}

export interface PlanItem {
  id: string;
  key: PlanKey;
  name: string;
  price: number;
  currency: string;
  interval: 'month' | 'year';
  features: PlanFeatures;
  description: string;
  credits: number;
  /** Yearly billing: price per month when paid yearly, and the undiscounted monthly price. */
  yearlyMonthlyPrice?: number;
  originalMonthlyPrice?: number;
  /** Yearly billing: what one year costs, and the credits it brings (api/README.md). */
  yearlyPrice?: number;
  yearlyCredits?: number;
  popular?: boolean;
}

export interface DeductReply {
  newBalance: number;
  transactionId: string;
}
export interface RefundReply {
  newBalance: number;
  refundId: string;
}
export interface UpgradeReply {
  checkoutUrl: string;
  sessionId: string;
}
export interface CancelReply {
  effectiveDate: string;
}

export interface CheckoutReply {
  success: boolean;
  data?: { checkoutUrl?: string; message?: string };
  message?: string;
}

export type VideoType = 'text-to-video' | 'image-to-video' | 'template';
/** What a video in the history can be: a generation of one of the types above, or an edit of other videos. */
export type VideoKind = VideoType | 'edit';

/** What an edit did (api/README.md, "Editing"): its kind, every source in order, and its settings. */
export interface VideoEdit {
  kind: EditKind;
  sourceIds: string[];
  start?: number;
  end?: number;
  aspectRatio?: AspectRatio;
  mode?: ReframeMode;
  focusX?: number;
  focusY?: number;
  speed?: number;
  transition?: MergeTransition;
  duration?: GenerationConfig['duration'];
}

/** 'local' renders previews with no AI model; the others are hosted video models. */
export type VideoEngineName = 'local' | 'fal' | 'runway' | 'luma';

/** GET /api/config: what this deployment offers. */
export interface SiteConfig {
  googleClientId: string | null;
  /** `local` is the test checkout: no money moves, and pages say so. */
  paymentProvider: 'local' | 'stripe';
  videoEngine: VideoEngineName;
}

export interface VideoTemplate {
  id: string;
  title: string;
  category: string;
  prompt: string;
  /** Everything a template fills in: the priced settings, the frame shape and what to keep out. */
  settings: GenerationConfig & { aspectRatio?: AspectRatio; negativePrompt?: string };
  posterUrl: string;
  previewUrl: string;
  /** False until the template's preview clip has been rendered; show the poster alone until then. */
  previewReady?: boolean;
}

/** A video as the API returns it (api/README.md, "a video"): status replies and history items. */
export interface VideoRecord {
  id: string;
  type: VideoKind;
  status: 'queued' | 'processing' | 'succeeded' | 'failed';
  prompt: string | null;
  imageId: string | null;
  templateId: string | null;
  model: GenerationConfig['model'];
  resolution: GenerationConfig['resolution'];
  /** "5s" or "10s" for a generation; an edit's real length with up to two decimals ("1.5s"). */
  duration: string;
  aspectRatio: AspectRatio;
  negativePrompt: string | null;
  /** Null only for videos made before seeds were kept. */
  seed: number | null;
  cost: number;
  /** `relaxed`: made on Max's relaxed queue without credits (cost 0); `priority`: paid with credits. */
  queue?: 'priority' | 'relaxed';
  /** For an edit: the video it was made from (a merge's first clip), kept as it was. */
  sourceId?: string | null;
  /** For an edit: what was done; null for a generation. */
  edit?: VideoEdit | null;
  /** Published by its owner: anyone with `shareUrl` may watch it. */
  shared: boolean;
  sharedAt: string | null;
  shareUrl: string | null;
  shareViews: number;
  progress: number;
  error: string | null;
  /** Why it failed, as a code to translate (api/README.md lists them); null unless failed. */
  errorCode: string | null;
  /** Which engine made it: 'local' is a preview rendered without an AI model. */
  engine: VideoEngineName;
  refunded: boolean;
  videoUrl: string | null;
  posterUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A shared video as its public page reads it (GET /api/public/videos/{id}): nothing of its owner. */
export interface PublicVideo {
  id: string;
  type: VideoType;
  prompt: string | null;
  negativePrompt: string | null;
  model: GenerationConfig['model'];
  resolution: GenerationConfig['resolution'];
  /** An edit's real length can be any number of seconds ("2.5s"). */
  duration: string;
  aspectRatio: AspectRatio;
  seed: number | null;
  width: number;
  height: number;
  engine: VideoEngineName;
  videoUrl: string;
  posterUrl: string;
  views: number;
  sharedAt: string;
}

/** One page of GET /api/videos/history. */
export interface VideoHistoryPage {
  items: VideoRecord[];
  page: number;
  perPage: number;
  total: number;
}

export type { SubscriptionStatus };

/** A result that may come from built-in fallback data because the server could not be reached. */
export interface Loaded<T> {
  data: T;
  fallback: boolean;
}

/** `mailMayBeLate`: the mail server could not be reached; the mail is kept and sent when it can be. */
export interface ForgotPasswordReply {
  mailMayBeLate: boolean;
}

/** Replies of calls that send mail: true when the mail server did not take it yet (it is kept and retried). */
export interface MailSentReply {
  mailMayBeLate: boolean;
}

export interface VerifyEmailReply {
  email: string;
  /** signup: the account's own address is now confirmed; change: the account moved to `email`. */
  purpose: 'signup' | 'change';
}
