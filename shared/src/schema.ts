import { z } from 'zod';

/**
 * A shape declared once with zod, as the JSON Schema (draft-07) Fastify validates requests and
 * serialises replies with. `input` for what a caller sends (optional fields may be missing),
 * `output` for what the server answers.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'throw' }) as Record<string, unknown>;
  return rest;
}

/** The path of a call on one record (`/{id}`): a video, an upload, a template, a checkout session. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
export type IdParams = z.infer<typeof idParams>;
