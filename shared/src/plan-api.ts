import { z } from 'zod';
import { PLAN_KEYS } from './plans.ts';

/**
 * The plan catalogue's shapes declared once: the API serialises with JSON Schemas made from these
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
