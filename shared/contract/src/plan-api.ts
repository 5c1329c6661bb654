import { z } from 'zod';
import { BILLING_CYCLES, PLAN_KEYS, SUBSCRIPTION_STATUSES } from './plan-keys.ts';

/**
 * The plan catalogue's and the subscription's shapes declared once: the API serialises with JSON Schemas made from these
 * (`jsonSchemaOf` in ./schema.ts) and the apps take their types from them (type-only, so zod stays
 * out of the browser). Server-safe.
 */

/** What a plan includes. */
export const planFeatures = z.object({
  v2Model: z.boolean(),
  hd720p: z.boolean(),
  hd1080p: z.boolean(),
  unlimitedGenerations: z.boolean(),
  /** Editing finished videos: trim, reframe, speed, merge and extend. */
  advancedEditing: z.boolean().meta({ description: 'Editing finished videos (trim, reframe, speed, merge, extend)' }),
  creditsPerMonth: z.int(),
});
export type PlanFeatures = z.infer<typeof planFeatures>;

/**
 * One plan of GET /api/subscription/plans. The yearly figures and `popular` are always sent by the
 * API; they are optional because the built-in sample plans shown while the server is down have none.
 */
export const planItem = z.object({
  id: z.string(),
  key: z.enum(PLAN_KEYS),
  name: z.string(),
  /** Price per month when billed monthly. */
  price: z.number(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  features: planFeatures,
  description: z.string(),
  /** Credits granted per month of the plan. */
  credits: z.int(),
  /** Yearly billing: price per month when paid yearly, and the undiscounted monthly price it is compared with. */
  yearlyMonthlyPrice: z.number().optional(),
  originalMonthlyPrice: z.number().optional(),
  /** Yearly billing: what one year costs (12 x yearlyMonthlyPrice) and the credits it brings (12 x credits). */
  yearlyPrice: z.number().optional(),
  yearlyCredits: z.int().optional(),
  popular: z.boolean().optional(),
});
export type PlanItem = z.infer<typeof planItem>;

/** GET /api/subscription/plans: every plan on sale. */
export const planCatalogue = z.array(planItem);

/** A move down waiting for the end of the paid period. */
export const scheduledPlanChange = z.object({
  plan: z.enum(PLAN_KEYS),
  billingCycle: z.enum(BILLING_CYCLES),
  /** When the current period ends and the change takes effect. */
  effectiveDate: z.string(),
});
export type ScheduledPlanChange = z.infer<typeof scheduledPlanChange>;

/** The signed-in person's subscription as the API answers it (GET /api/user/subscription and the calls that change it). */
export const subscriptionReply = z.object({
  plan: z.enum(PLAN_KEYS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  features: planFeatures,
  expiresAt: z.string().nullable(),
  /** How the paid plan is billed; null on the free plan. */
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  /** A move down waiting for the end of the period, or null. */
  scheduledChange: scheduledPlanChange.nullable(),
});
export type SubscriptionReply = z.infer<typeof subscriptionReply>;

/**
 * The subscription as the apps hold it: the billing cycle and the scheduled change are absent from
 * the built-in free plan shown to anonymous visitors or while the server is down.
 */
export type SubscriptionStatus = Omit<SubscriptionReply, 'billingCycle' | 'scheduledChange'> &
  Partial<Pick<SubscriptionReply, 'billingCycle' | 'scheduledChange'>>;

/** What POST /api/subscription/change did: a checkout to open, the plan changed now, or a move down scheduled. */
export const planChangeReply = z.object({
  kind: z.enum(['checkout', 'changed', 'scheduled']),
  /** The checkout to open when `kind` is checkout, else null. */
  checkoutUrl: z.string().nullable(),
  sessionId: z.string().nullable(),
  subscription: subscriptionReply,
  /** The credit balance after the change. */
  balance: z.int(),
});
export type PlanChangeReply = z.infer<typeof planChangeReply>;

/**
 * What buying a plan did, whichever call answered it: a checkout to open (its session when the server named one), the
 * plan changed now, or a move down waiting for the end of the paid period, each change with the subscription and
 * balance the API answered. The one result of the apps' plan purchase.
 */
export type PlanPurchase =
  | { kind: 'checkout'; checkoutUrl: string; sessionId: string | null }
  | { kind: 'changed'; subscription: SubscriptionReply; balance: number }
  | { kind: 'scheduled'; effectiveDate: string; subscription: SubscriptionReply; balance: number };

/** POST /api/subscription/upgrade: the checkout to open. */
export const upgradeReply = z.object({ checkoutUrl: z.string(), sessionId: z.string() });
export type UpgradeReply = z.infer<typeof upgradeReply>;

/** POST /api/subscription/cancel: the paid plan goes on until this date. */
export const cancelReply = z.object({ effectiveDate: z.string() });
export type CancelReply = z.infer<typeof cancelReply>;

/** A checkout session created for a plan (POST /api/payment/create-subscription-session) or a credit pack. */
export const checkoutSessionReply = z.object({ checkoutUrl: z.string(), message: z.string(), sessionId: z.string() });
export type CheckoutSessionReply = z.infer<typeof checkoutSessionReply>;

/** The spellings a plan may be asked for by: its key, its name on the site ("Max" is premium), in any common case. */
const PLAN_NAME_EXAMPLES = ['free', 'pro', 'premium', 'max', 'Free', 'Pro', 'Premium', 'Max', 'PRO', 'PREMIUM', 'MAX'];

/** POST /api/subscription/upgrade (`timestamp`: the caller's clock, kept for nothing but tracing). */
export const upgradeRequest = z.strictObject({
  planId: z.string().min(1).max(40),
  billingCycle: z.enum(BILLING_CYCLES).optional(),
  timestamp: z.string().max(64).optional(),
});
export type UpgradeRequest = z.infer<typeof upgradeRequest>;

/** POST /api/subscription/cancel; a bare POST is as good. */
export const cancelRequest = z.strictObject({ timestamp: z.string().max(64).optional() });
export type CancelRequest = z.infer<typeof cancelRequest>;

/** POST /api/subscription/change and POST /api/payment/create-subscription-session: a paid plan and how to bill it. */
export const planChangeRequest = z.strictObject({
  planName: z.string().min(1).max(40).meta({ examples: PLAN_NAME_EXAMPLES }),
  billingCycle: z.enum(BILLING_CYCLES),
  /** Where on the site the change was asked for. */
  source: z.string().max(100).optional(),
});
export type PlanChangeRequest = z.infer<typeof planChangeRequest>;
