import { z } from 'zod';

/**
 * Account replies declared once: the API serialises with JSON Schemas made from these
 * (`jsonSchemaOf` in ./schema.ts) and the apps take their types from them. Server-safe.
 */

/** One signed-in browser or device (GET /api/account/sessions). */
export const accountSession = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsReply = z.object({ items: z.array(accountSession) });
export type AccountSessionsReply = z.infer<typeof accountSessionsReply>;
