import { request, requestRaw, withFallback } from './client.ts';
import { FALLBACK_CREDITS, FALLBACK_PLANS, FALLBACK_SUBSCRIPTION } from './fallback.ts';
import { PUBLIC_READ_PATHS } from './public-reads.ts';
import type {
  AccountDeletedReply,
  AccountUser,
  CancelReply,
  CheckoutReply,
  CreditsInfo,
  EmailChangeReply,
  Loaded,
  LoginReply,
  MailSentReply,
  PasswordChangedReply,
  PlanItem,
  PortalReply,
  RegisterReply,
  ResetLinkReply,
  SessionsEndedReply,
  SiteConfig,
  SubscriptionStatus,
  VerificationResentReply,
  VerifyEmailReply,
  VideoHistoryPage,
  VideoTemplate,
  VideoKind,
} from './types.ts';
import type {
  AccountDeletionRequest,
  AccountSessionsReply,
  EmailChangeRequest,
  ForgotPasswordRequest,
  RegisterRequest,
  ResendVerificationRequest,
  LinkTokenRequest,
  LoginRequest,
  PasswordChangeRequest,
  ProfileChanges,
  ResetPasswordRequest,
  GoogleSignInRequest,
} from '@reelmint/contract/account-api';
import type { Language } from '@reelmint/contract/languages';
import type { CancelRequest, PlanChangeRequest } from '@reelmint/contract/plan-api';
import type { VideoHistoryQueryInput } from '@reelmint/contract/video-api';

/** One typed function per call; the bodies and queries they send are checked against the shared request declarations. */
export const api = {
  login: (email: string, password: string) => request<LoginReply>('POST', '/api/auth/login', { body: { email, password } satisfies LoginRequest }),
  /** `language`: the page's, so the account's mails are written in it. */
  register: (name: string, email: string, password: string, language?: Language) =>
    request<RegisterReply>('POST', '/api/auth/register', { body: { name, email, password, ...(language ? { language } : {}) } satisfies RegisterRequest }),
  /** Always succeeds the same way whether or not the address has an account. */
  forgotPassword: (email: string, language: Language) =>
    request<MailSentReply>('POST', '/api/auth/password/forgot', { body: { email, language } satisfies ForgotPasswordRequest }),
  /** Rejects with RESET_LINK_INVALID, RESET_LINK_EXPIRED or RESET_LINK_USED when the link cannot be used. */
  checkResetLink: (token: string) => request<ResetLinkReply>('POST', '/api/auth/password/reset/check', { body: { token } satisfies LinkTokenRequest }),
  resetPassword: (token: string, password: string) =>
    request<LoginReply>('POST', '/api/auth/password/reset', { body: { token, password } satisfies ResetPasswordRequest }),
  /** Follows a confirmation link; rejects with VERIFY_LINK_INVALID, VERIFY_LINK_EXPIRED, VERIFY_LINK_USED or EMAIL_TAKEN. */
  verifyEmail: (token: string) => request<VerifyEmailReply>('POST', '/api/auth/email/verify', { body: { token } satisfies LinkTokenRequest }),
  resendVerification: (language: Language) =>
    request<VerificationResentReply>('POST', '/api/auth/email/verify/resend', { body: { language } satisfies ResendVerificationRequest }),
  /** `password`: the current one (accounts without a password, made with Google, send none). */
  changeEmail: (email: string, password: string | undefined, language: Language) =>
    request<EmailChangeReply>('POST', '/api/auth/email/change', { body: { email, language, ...(password ? { password } : {}) } satisfies EmailChangeRequest }),
  /** Settings (/account). Each answers the account as it now is. */
  updateProfile: (changes: ProfileChanges) => request<AccountUser>('PATCH', '/api/account/profile', { body: changes }),
  uploadPicture: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return request<AccountUser>('PUT', '/api/account/picture', { body: form });
  },
  removePicture: () => request<AccountUser>('DELETE', '/api/account/picture'),
  /** Rejects with WRONG_PASSWORD (nothing changes) or NO_PASSWORD (a Google account: set one by mail). */
  changePassword: (currentPassword: string, newPassword: string) =>
    request<PasswordChangedReply>('POST', '/api/account/password', { body: { currentPassword, newPassword } satisfies PasswordChangeRequest }),
  accountSessions: () => request<AccountSessionsReply>('GET', '/api/account/sessions'),
  signOutOtherSessions: () => request<SessionsEndedReply>('POST', '/api/account/sessions/sign-out-others'),
  /** Everything kept about the account, as the JSON document the API hands out as a file (no envelope). */
  exportData: () => requestRaw<Record<string, unknown>>('GET', '/api/account/export'),
  /**
   * Deletes the account for good; `language` is the page's, for the goodbye mail. Rejects with
   * WRONG_PASSWORD or NO_PASSWORD (nothing changes) or DELETION_FAILED (the provider refused; nothing changes).
   */
  deleteAccount: (password: string, language: string) =>
    request<AccountDeletedReply>('POST', '/api/account/delete', { body: { password, language } satisfies AccountDeletionRequest }),
  google: (token: string) => request<LoginReply>('POST', '/api/auth/google', { body: { token } satisfies GoogleSignInRequest }),
  me: () => request<AccountUser>('GET', '/api/auth/me'),
  logout: () => request<null>('POST', '/api/auth/logout'),
  config: () => request<SiteConfig>('GET', '/api/config'),

  credits: (): Promise<Loaded<CreditsInfo>> => withFallback(request<CreditsInfo>('GET', '/api/user/credits'), FALLBACK_CREDITS),
  subscription: (): Promise<Loaded<SubscriptionStatus>> => withFallback(request<SubscriptionStatus>('GET', '/api/user/subscription'), FALLBACK_SUBSCRIPTION),
  plans: (): Promise<Loaded<PlanItem[]>> => withFallback(request<PlanItem[]>('GET', '/api/subscription/plans'), FALLBACK_PLANS),
  cancel: () => request<CancelReply>('POST', '/api/subscription/cancel', { body: { timestamp: new Date().toISOString() } satisfies CancelRequest }),
  /**
   * The payment provider's page where the person mends their payment method (a failed renewal). Rejects with
   * PORTAL_UNAVAILABLE (the test provider keeps no card) or NO_BILLING_ACCOUNT.
   */
  billingPortal: () => request<PortalReply>('POST', '/api/payment/portal'),

  /** The catalogue with its titles, prompts and negative prompts in `lng`, the page's language. */
  templates: (lng: string): Promise<Loaded<VideoTemplate[]>> => withFallback(request<VideoTemplate[]>('GET', PUBLIC_READ_PATHS.templates(lng)), []),

  history: (page = 1, perPage = 10, videoType?: VideoKind) =>
    request<VideoHistoryPage>('GET', '/api/videos/history', { query: { page, per_page: perPage, videoType } satisfies VideoHistoryQueryInput }),

  /**
   * Opens a plan's checkout. Billing now buys a plan through its own `buyPlan`; this member stays because billing
   * builds published before it call it, and the shell that provides this runtime must still host them (a rollback
   * swaps billing alone). Removing a member of the 1.x runtime is a major version's change.
   */
  createSubscriptionSession: (
    planName: string,
    billingCycle: 'monthly' | 'yearly' = 'yearly',
    source = 'subscription-modal',
    { signal }: { signal?: AbortSignal } = {},
  ) =>
    requestRaw<CheckoutReply>('POST', '/api/payment/create-subscription-session', {
      body: { planName, billingCycle, source } satisfies PlanChangeRequest,
      signal,
    }),
};
