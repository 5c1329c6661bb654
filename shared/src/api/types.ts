import type { CheckoutSessionReply } from '../plan-api.ts';
import type { SubscriptionStatus } from '../plans.ts';
import type { Envelope } from '../schema.ts';

/** Every API reply's envelope, declared once in ../schema.ts (type-only here, so no schema code reaches the page). */
export type { Envelope };

export type { CancelReply, CheckoutSessionReply, PlanChangeReply, PlanChangeRequest, PlanItem, SubscriptionReply, UpgradeReply } from '../plan-api.ts';
export type {
  CreditHistoryItem,
  CreditHistoryPage,
  CreditHistoryQueryInput,
  CreditPack,
  CreditPurpose,
  CreditsInfo,
  DeductReply,
  LedgerKind,
  PackCheckoutRequest,
  PaymentSession,
  PortalReply,
  Receipt,
  ReceiptKind,
  ReceiptsPage,
  ReceiptsQueryInput,
  RefundReply,
} from '../billing-api.ts';
export type {
  AccountDeletedReply,
  AccountRole,
  AccountSession,
  AccountUser,
  EmailChangeReply,
  LoginReply,
  MailSentReply,
  PasswordChangedReply,
  RegisterReply,
  ResetLinkReply,
  SessionsEndedReply,
  VerificationResentReply,
  VerifyEmailReply,
} from '../account-api.ts';
export type { SiteConfig } from '../site-api.ts';
export type {
  DeletedReply,
  EditEstimate,
  EditReply,
  EditRequestBody,
  GenerateReply,
  GenerateRequest,
  PublicVideo,
  ShareState,
  UploadReply,
  VideoEdit,
  VideoEngineName,
  VideoHistoryPage,
  VideoHistoryQueryInput,
  VideoKind,
  VideoQueue,
  VideoRecord,
  VideoStatus,
  VideoTemplate,
  VideoType,
  ViewCountReply,
} from '../video-api.ts';

/** The whole reply of create-subscription-session, read warily: a checkout counts only with `success` and a URL. */
export type CheckoutReply = Partial<Envelope<Partial<CheckoutSessionReply>>>;

export type { SubscriptionStatus };

/** A result that may come from built-in fallback data because the server could not be reached. */
export interface Loaded<T> {
  data: T;
  fallback: boolean;
}
