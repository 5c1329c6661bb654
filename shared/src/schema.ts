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

/** One page of a list, newest first: the items, where it is, and how many there are in all. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.int(), perPage: z.int(), total: z.int() });

/** The query of a paged list (`?page=&per_page=`): the same limits on every list, each with its own page size by default. */
export const pageQuery = (perPage: number) =>
  z.strictObject({
    page: z.int().min(1).max(100_000).default(1),
    per_page: z.int().min(1).max(50).default(perPage),
  });

/**
 * The header of a call that may be retried safely (api/README "Idempotency"): the same key and body are answered
 * once, a repeat gets the first reply.
 */
export const idempotencyHeaders = (required: boolean) => {
  const key = z.string().min(1).max(200);
  return z.object({ 'idempotency-key': required ? key : key.optional() });
};

/** The path of a call on one record (`/{id}`): a video, an upload, a template, a checkout session. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
export type IdParams = z.infer<typeof idParams>;
