import type { CheckoutSessionReply } from '../plan-api.ts';
import type { SubscriptionStatus } from '../plans.ts';
import type { VideoEngineName } from '../video-api.ts';

/** Every API reply has this envelope. */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  message?: string;
}

export type { CancelReply, CheckoutSessionReply, PlanChangeReply, PlanItem, SubscriptionReply, UpgradeReply } from '../plan-api.ts';
export type {
  CreditHistoryItem,
  CreditHistoryPage,
  CreditPack,
  CreditPurpose,
  CreditsInfo,
  DeductReply,
  LedgerKind,
  PaymentSession,
  Receipt,
  ReceiptKind,
  ReceiptsPage,
  RefundReply,
} from '../billing-api.ts';
export type { AccountRole, AccountSession, AccountUser, LoginReply, RegisterReply } from '../account-api.ts';
export type {
  EditReply,
  GenerateReply,
  GenerateRequest,
  PublicVideo,
  ShareState,
  VideoEdit,
  VideoEngineName,
  VideoHistoryPage,
  VideoKind,
  VideoQueue,
  VideoRecord,
  VideoStatus,
  VideoTemplate,
  VideoType,
} from '../video-api.ts';

/** The whole reply of create-subscription-session, read warily: a checkout counts only with `success` and a URL. */
export type CheckoutReply = Envelope<Partial<CheckoutSessionReply>>;

/** GET /api/config: what this deployment offers. */
export interface SiteConfig {
  googleClientId: string | null;
  /** `local` is the test checkout: no money moves, and pages say so. */
  paymentProvider: 'local' | 'stripe';
  videoEngine: VideoEngineName;
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
