import type { CheckoutSessionReply } from '@reelmint/contract/plan-api';
import type { SubscriptionStatus } from '@reelmint/contract/plans';
import type { Envelope } from '@reelmint/contract/schema';

/** Every API reply's envelope, declared once in ../schema.ts (type-only here, so no schema code reaches the page). */
export type { Envelope };

export type {
  CancelReply,
  CheckoutSessionReply,
  PlanChangeReply,
  PlanChangeRequest,
  PlanItem,
  PlanPurchase,
  SubscriptionReply,
} from '@reelmint/contract/plan-api';
export type {
  CreditHistoryItem,
  CreditHistoryPage,
  CreditHistoryQueryInput,
  CreditPack,
  CreditPurpose,
  CreditsInfo,
  LedgerKind,
  PackCheckoutRequest,
  PaymentSession,
  PortalReply,
  Receipt,
  ReceiptKind,
  ReceiptsPage,
  ReceiptsQueryInput,
} from '@reelmint/contract/billing-api';
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
} from '@reelmint/contract/account-api';
export type { SiteConfig } from '@reelmint/contract/site-api';
export type {
  VideoCancelReply,
  DeletedReply,
  EditEstimate,
  EditReply,
  EditRequestBody,
  EnhancePromptReply,
  EnhancePromptRequest,
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
} from '@reelmint/contract/video-api';

/** The whole reply of create-subscription-session, read warily: a checkout counts only with `success` and a URL. */
export type CheckoutReply = Partial<Envelope<Partial<CheckoutSessionReply>>>;

export type { SubscriptionStatus };

/** A result that may come from built-in fallback data because the server could not be reached. */
export interface Loaded<T> {
  data: T;
  fallback: boolean;
}
