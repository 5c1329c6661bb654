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

/**
 * The shell's runtime config: what its server answers at /config.json and writes into each page's boot data, and
 * what every app reads before its first call (`runtimeConfig()` in ./config.ts). The shell's server checks the
 * document with this declaration where it writes it into the page (shell/src/server/first-html.ts); the apps take
 * the type only, so no schema code reaches the page.
 */
export const runtimeConfigDocument = z.object({
  /** Origin of the API, e.g. http://localhost:8787. Empty string means same origin. */
  apiBase: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  /** Viewer country from the CDN header, passed through by the shell's server; null when the request carries none. */
  geoCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigDocument>;
