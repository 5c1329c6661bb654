import type { AccountRole } from '@reelmint/contract/account-api';
import type { LedgerKind, ReceiptKind } from '@reelmint/contract/billing-api';
import type { CameraMotion } from '@reelmint/contract/generation-controls';
import type { AspectRatio, Resolution, VideoModel } from '@reelmint/contract/pricing';
import type { TelemetryKind } from '@reelmint/contract/telemetry';
import type { VideoEngineName, VideoKind, VideoStatus } from '@reelmint/contract/video-api';
import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Timestamps are ISO-8601 text so both databases compare and
 * sort them the same way; flags are integers 0/1 because SQLite has no boolean type.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  balance: number;
  /** The site language the person last chose; mails are written in it. Null until known. */
  language: string | null;
  /** When the person proved they read mail at `email` (a verification link, a password reset or Google's word). */
  email_verified_at: string | null;
  /** The account picture's file name in media storage (`pictures/`), random per upload; null shows the initial. */
  picture_file: string | null;
  /** 1 when the person asked for a mail each time one of their videos is ready or failed. */
  notify_by_email: Generated<number>;
  created_at: string;
}

/** The site's VAPID key pair (one row, id 'vapid'), made on the first start. */
export interface PushKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A browser's Web Push subscription: where to send, and the keys its messages are encrypted for. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A sign-in: the access token's jti. The token is valid only while its row exists. */
export interface SessionsTable {
  jti: string;
  user_id: string;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
}

export type MailStatus = 'pending' | 'sent' | 'stored' | 'failed';

export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type EmailVerificationPurpose = 'signup' | 'change';

/** A mailed link that proves an address: the account's own (signup) or one it is to move to (change). */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  purpose: EmailVerificationPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  status: string;
  billing_cycle: string | null;
  current_period_end: string | null;
  provider: string | null;
  provider_ref: string | null;
  /** A move down waiting for the end of the period (null when none is scheduled). */
  scheduled_plan: string | null;
  scheduled_cycle: string | null;
  /** The provider's schedule that makes the move down happen (Stripe subscription schedule). */
  provider_schedule_ref: string | null;
  /** The provider's time of the newest event applied to this row (ISO); older events may not overwrite it. */
  provider_event_at: string | null;
  /**
   * What the paid period in force granted and the price it was sold at (the price a provider
   * prorates), set with its grant; null on rows from before they were kept (the catalogue's then).
   */
  period_credits: number | null;
  period_cents: number | null;
  updated_at: string;
}

/** `forfeit`: the balance an account held when it was deleted, given up (the books then add up to zero). */

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: LedgerKind;
  /** Signed: grants and refunds positive, spends negative. The sum per user is the balance. */
  amount: number;
  balance_after: number;
  /** Unique: the database itself refuses a second entry for one request. */
  idempotency_key: string;
  /** For refunds: the spend they return. A whole spend is refunded once at most (refund_part null). */
  refund_of: string | null;
  /** For a refund of one video of a run paid by one spend: that video's id, refunded once at most. */
  refund_part: Generated<string | null>;
  source: string;
  reason: string | null;
  metadata: string | null;
  /** Hash of the client request that made this entry (see http/idempotency.ts); null for server grants. */
  request_hash: string | null;
  created_at: string;
  /** The entry's place among the person's entries, in the order they were written (null on entries older than it). */
  seq: Generated<number | null>;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  plan: string;
  billing_cycle: string;
  amount_cents: number;
  currency: string;
  status: string;
  provider: string;
  provider_ref: string | null;
  source: string | null;
  credits_granted: number | null;
  created_at: string;
  completed_at: string | null;
  /** 'plan' (a subscription) or 'pack' (one-time credits; `plan` then records the plan it was bought on). */
  kind: Generated<string>;
  pack: string | null;
  /** A move up: the credits of the old period's unused part, taken back when this checkout is paid. */
  returns_credits: number | null;
  /** The provider's subscription a checkout paid with a delayed method made (status `pending`). */
  provider_subscription: string | null;
}

export interface ReceiptsTable {
  id: string;
  user_id: string;
  kind: ReceiptKind;
  plan: string | null;
  billing_cycle: string | null;
  pack: string | null;
  /** What was paid, and the list price it came from (they differ when a move up counted the old plan). */
  amount_cents: number;
  list_price_cents: number;
  currency: string;
  credits: number;
  /** The old plan's unused credits a move up took back, as the ledger removed them (0 for any other payment). */
  credits_taken_back: Generated<number>;
  provider: string;
  /** The checkout session or the provider's invoice: one receipt per payment. */
  reference: string;
  created_at: string;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

/** A provider event about a subscription not linked to anyone yet; `event` is the PaymentEvent as JSON. */
export interface DeferredPaymentEventsTable {
  id: string;
  provider_subscription_id: string;
  occurred_at: string;
  event: string;
  received_at: string;
}

/** A customer the payment provider made for one of the person's checkouts. */
export interface PaymentCustomersTable {
  customer_ref: string;
  user_id: string;
  provider: string;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  file_name: string;
  mime_type: string;
  size: number;
  width: number;
  height: number;
  created_at: string;
}

export type { VideoStatus };

export interface VideosTable {
  id: string;
  user_id: string;
  type: VideoKind;
  status: VideoStatus;
  prompt: string | null;
  image_id: string | null;
  template_id: string | null;
  model: VideoModel;
  resolution: Resolution;
  duration: string;
  aspect_ratio: Generated<AspectRatio>;
  negative_prompt: string | null;
  /** Null only for videos made before seeds were kept. */
  seed: number | null;
  /** Keyframes: the upload a text video starts on, the upload an image video ends on. */
  start_image_id: string | null;
  end_image_id: string | null;
  /** One of CAMERA_MOTIONS; null lets the model choose. */
  camera_motion: CameraMotion | null;
  /** 1: made with a generated sound track. */
  audio: Generated<number>;
  /** When the owner published the video's link; null while it is private. */
  shared_at: string | null;
  share_views: Generated<number>;
  /** The video an edit was made from (a merge's first clip); null for generations. */
  source_id: string | null;
  /** The variations made from one generate request share a run; null for edits and older videos. */
  run_id: string | null;
  /** Which variation of its run, from 1. */
  variation: number | null;
  /** What an edit did, as JSON (see videos/edits.ts); null for generations. */
  edit: string | null;
  cost: number;
  /** 1: made on Max's relaxed queue, without credits (cost 0), after every queued priority job. */
  relaxed: Generated<number>;
  spend_id: string;
  refunded: Generated<number>;
  progress: Generated<number>;
  error: string | null;
  video_file: string | null;
  poster_file: string | null;
  engine_ref: string | null;
  engine: Generated<VideoEngineName>;
  error_code: string | null;
  provider_cost_cents: number | null;
  attempts: Generated<number>;
  worker_id: string | null;
  heartbeat_at: string | null;
  idempotency_key: string | null;
  /** Hash of the generate request, so a reused key with another request is refused. */
  request_hash: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One observation from a visitor's browser about one remote version. Nothing in it names a person. */
export interface ReleaseEventsTable {
  id: string;
  remote: string;
  version: string;
  /** 1 when the visitor was shown the remote's canary. */
  canary: number;
  kind: TelemetryKind;
  /** Load time in milliseconds (kind 'load'). */
  duration_ms: number | null;
  /** Why a load failed (timeout, unavailable ...) or the name of the error class; never its message. */
  detail: string | null;
  /** The page's path without language or query, e.g. /pricing. */
  route: string | null;
  created_at: string;
}

export interface AccountRolesTable {
  user_id: string;
  role: AccountRole;
  granted_at: string;
  /** Who granted it (the operator running the command). */
  granted_by: string;
}

export interface DB {
  users: UsersTable;
  release_events: ReleaseEventsTable;
  account_roles: AccountRolesTable;
  sessions: SessionsTable;
  mail_outbox: MailOutboxTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  subscriptions: SubscriptionsTable;
  credit_ledger: CreditLedgerTable;
  checkout_sessions: CheckoutSessionsTable;
  payment_events: PaymentEventsTable;
  deferred_payment_events: DeferredPaymentEventsTable;
  payment_customers: PaymentCustomersTable;
  receipts: ReceiptsTable;
  uploads: UploadsTable;
  videos: VideosTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
}

export type User = Selectable<UsersTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type LedgerEntry = Selectable<CreditLedgerTable>;
export type CheckoutSession = Selectable<CheckoutSessionsTable>;
export type Receipt = Selectable<ReceiptsTable>;
export type Upload = Selectable<UploadsTable>;
export type Video = Selectable<VideosTable>;
