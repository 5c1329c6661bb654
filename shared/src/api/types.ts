import type { CheckoutSessionReply } from '../plan-api.ts';
import type { SubscriptionStatus } from '../plans.ts';

/** Every API reply has this envelope. */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  message?: string;
}

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
export type CheckoutReply = Envelope<Partial<CheckoutSessionReply>>;

export type { SubscriptionStatus };

/** A result that may come from built-in fallback data because the server could not be reached. */
export interface Loaded<T> {
  data: T;
  fallback: boolean;
}
