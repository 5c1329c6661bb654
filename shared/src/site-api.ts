import { z } from 'zod';
import { VIDEO_ENGINES } from './video-api.ts';

/**
 * What this deployment offers, declared once: the API serialises GET /api/config with the JSON Schema
 * made from it (`jsonSchemaOf` in ./schema.ts) and the apps take the type (type-only, so zod stays out
 * of the browser). Server-safe.
 */

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/config. */
export const siteConfig = z.object({
  /** Null when Google sign-in is not set up: the site does not offer it. */
  googleClientId: z.string().nullable(),
  /** `local` is the test checkout: no money moves, and pages say so. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  videoEngine: z.enum(VIDEO_ENGINES),
});
export type SiteConfig = z.infer<typeof siteConfig>;
