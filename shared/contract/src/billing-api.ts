import { z } from 'zod';
import { BILLING_CYCLES } from './plan-keys.ts';
import { subscriptionReply } from './plan-api.ts';
import { pageOf, pageQuery } from './schema.ts';

/**
 * Credits and payments declared once: the balance and what changes it, the credits history, the
 * credit packs, the receipts and a checkout session. The API serialises with JSON Schemas made from
 * these (`jsonSchemaOf` in ./schema.ts) and the apps take their types from them (type-only, so zod
 * stays out of the browser). Server-safe.
 */

/** GET /api/user/credits: the signed-in person's balance. */
export const creditsReply = z.object({ balance: z.int() });
export type CreditsInfo = z.infer<typeof creditsReply>;

/** POST /api/user/credits/deduct (`replayed`: the same Idempotency-Key was seen before; nothing was spent again). */
export const deductReply = z.object({ newBalance: z.int(), transactionId: z.string(), replayed: z.boolean() });
export type DeductReply = z.infer<typeof deductReply>;

/** POST /api/user/credits/refund, the same way. */
export const refundReply = z.object({ newBalance: z.int(), refundId: z.string(), replayed: z.boolean() });
export type RefundReply = z.infer<typeof refundReply>;

/** What a ledger row does to the balance; `forfeit` takes credits away: a deleted account's, or a period's unused ones whose money counted toward a new plan. */
export const LEDGER_KINDS = ['grant', 'spend', 'refund', 'forfeit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a ledger row was for, in words a screen can translate (api/README "Credits history"). */
export const CREDIT_PURPOSES = [
  'signup',
  'plan',
  'renewal',
  'pack',
  'generation',
  'generation-refund',
  'edit',
  'edit-refund',
  'spend',
  'refund',
  'plan-change',
  'other',
] as const;
export type CreditPurpose = (typeof CREDIT_PURPOSES)[number];

/** One grant, spend or refund (GET /api/user/credits/history). */
export const creditHistoryItem = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: grants and refunds positive, spends negative. */
  amount: z.int(),
  balanceAfter: z.int(),
  purpose: z.enum(CREDIT_PURPOSES),
  plan: z.string().nullable(),
  billingCycle: z.string().nullable(),
  videoId: z.string().nullable(),
  model: z.string().nullable(),
  resolution: z.string().nullable(),
  duration: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditHistoryItem = z.infer<typeof creditHistoryItem>;

/** GET /api/user/credits/history?page=&per_page= (20 a page unless asked). */
export const creditHistoryQuery = pageQuery(20);
/** As the API reads it, the defaults filled in. */
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuery>;
/** As a caller may send it. */
export type CreditHistoryQueryInput = z.input<typeof creditHistoryQuery>;

export const creditHistoryPage = pageOf(creditHistoryItem);
export type CreditHistoryPage = z.infer<typeof creditHistoryPage>;

/** The credit packs on sale, by id (the API's catalogue prices them). */
export const CREDIT_PACK_IDS = ['credits-250', 'credits-750', 'credits-2000'] as const;
export type CreditPackId = (typeof CREDIT_PACK_IDS)[number];

/** A one-time top-up as GET /api/credits/packs lists it (api/README "Credit packs"). */
export const creditPack = z.object({
  id: z.string(),
  credits: z.int(),
  /** One payment, in dollars. */
  price: z.number(),
  currency: z.string(),
});
export type CreditPack = z.infer<typeof creditPack>;

/** GET /api/credits/packs: every pack on sale. */
export const creditPackCatalogue = z.array(creditPack);

export const RECEIPT_KINDS = ['plan', 'renewal', 'change', 'pack'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** One payment's receipt (GET /api/payment/receipts, api/README "Receipts"). */
export const receipt = z.object({
  id: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  plan: z.string().nullable(),
  billingCycle: z.string().nullable(),
  pack: z.string().nullable(),
  amount: z.number(),
  /** The list price; more than `amount` when a move up counted what was left of the plan before. */
  listPrice: z.number(),
  currency: z.string(),
  credits: z.int(),
  /**
   * The unused credits of the plan before that a move up took back after granting `credits` (its own row in the
   * credits history); 0 when none were. What was actually removed: never more than the balance held.
   */
  creditsTakenBack: z.int().min(0),
  /** 'local': the test provider, no money moved. */
  provider: z.string(),
  createdAt: z.string(),
});
export type Receipt = z.infer<typeof receipt>;

/** GET /api/payment/receipts?page=&per_page= (20 a page unless asked). */
export const receiptsQuery = pageQuery(20);
/** As the API reads it, the defaults filled in. */
export type ReceiptsQuery = z.infer<typeof receiptsQuery>;
/** As a caller may send it. */
export type ReceiptsQueryInput = z.input<typeof receiptsQuery>;

export const receiptsPage = pageOf(receipt);
export type ReceiptsPage = z.infer<typeof receiptsPage>;

/** POST /api/payment/create-pack-session: the pack to buy (an unknown id is refused as INVALID_PACK) and where it was asked for. */
export const packCheckoutRequest = z.strictObject({
  packId: z
    .string()
    .min(1)
    .max(40)
    .meta({ examples: [...CREDIT_PACK_IDS] }),
  source: z.string().max(100).optional(),
});
export type PackCheckoutRequest = z.infer<typeof packCheckoutRequest>;

/** `pending`: paid with a delayed method (a bank debit) whose money has not arrived yet. */
export const CHECKOUT_STATUSES = ['open', 'pending', 'paid', 'canceled', 'failed'] as const;

/** POST /api/payment/portal: the provider's page where the person mends their payment method. */
export const portalReply = z.object({ url: z.string() });
export type PortalReply = z.infer<typeof portalReply>;

/** A checkout session of the signed-in person, with the plan and balance it led to (GET /api/payment/session/{id}). */
export const paymentSession = z.object({
  id: z.string(),
  /** A plan, or a one-time credit pack (whose `plan` is the plan it was bought on). */
  kind: z.enum(['plan', 'pack']),
  pack: z.string().nullable(),
  status: z.enum(CHECKOUT_STATUSES),
  plan: z.string(),
  planName: z.string(),
  billingCycle: z.enum(BILLING_CYCLES),
  amount: z.number(),
  currency: z.string(),
  creditsGranted: z.int().nullable(),
  /**
   * The unused credits of the plan before that a paid move up took back after the grant (its own row in the credits
   * history), as actually removed (never more than the balance held); 0 when none were, or not paid yet.
   */
  creditsTakenBack: z.int().min(0),
  /** The person's balance now, with the grant in it. */
  balance: z.int(),
  subscription: subscriptionReply,
});
export type PaymentSession = z.infer<typeof paymentSession>;

/** The most credits one spend or refund may move. */
export const CREDIT_AMOUNT_MAX = 1_000_000;

/**
 * POST /api/user/credits/deduct (with an Idempotency-Key header). `metadata` is free-form context
 * from the client (the config it paid for, say), kept in the ledger; its `timestamp` is the client's
 * clock at sending, so a retry with a new one is still the same request.
 */
export const deductRequest = z.strictObject({
  amount: z.int().min(1).max(CREDIT_AMOUNT_MAX),
  metadata: z.looseObject({ type: z.literal('video_generation'), timestamp: z.string().max(64) }).meta({ maxProperties: 20 }),
});
export type DeductRequest = z.infer<typeof deductRequest>;

/** POST /api/user/credits/refund: return credits of one earlier deduct (at most what it took, once). */
export const refundRequest = z.strictObject({
  amount: z.int().min(1).max(CREDIT_AMOUNT_MAX),
  reason: z.string().min(1).max(500),
  transactionId: z.string().min(1).max(100),
  timestamp: z.string().max(64).optional(),
});
export type RefundRequest = z.infer<typeof refundRequest>;

/** What a payment provider's event did (api/README "Webhooks delivered late, twice or out of order"). */
export const PAYMENT_EVENT_OUTCOMES = ['applied', 'duplicate', 'ignored', 'refused', 'deferred', 'stale'] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

/** POST /api/payment/webhook: the provider's event was received, and what it did. */
export const paymentWebhookReply = z.object({ received: z.boolean(), outcome: z.enum(PAYMENT_EVENT_OUTCOMES) });
export type PaymentWebhookReply = z.infer<typeof paymentWebhookReply>;

/** The local test checkout's page and buttons (GET and POST /api/payment/checkout/{id}...): the owner's signed link token, else the bearer header. */
export const checkoutOwnerProof = z.strictObject({ token: z.string().min(1).max(2000).optional() });
export type CheckoutOwnerProof = z.infer<typeof checkoutOwnerProof>;
