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

/**
 * The envelope of every successful JSON reply: `data` is the call's own reply, `message` is for people. The API
 * serialises each route's success with `jsonSchemaOf(envelopeOf(reply))`; the client reads it as `OkEnvelope`.
 */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, error: z.null(), message: z.string() });
export type OkEnvelope<T> = z.infer<ReturnType<typeof envelopeOf<z.ZodType<T>>>>;

/**
 * Every refusal (4xx and 5xx): the machine code in `error` for code, the text in `message` for people. Extra fields
 * travel beside them for a screen that needs the figures (a 402's `required` and `available`, `upgradeRequired`).
 */
export const errorEnvelope = z
  .looseObject({ success: z.literal(false), data: z.null(), error: z.string(), message: z.string() })
  .meta({ description: 'Error envelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Any reply of a JSON call, either a success carrying `T` or a refusal. */
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** A reply that is a file's bytes, not JSON: a video, a poster, a template's media. */
export const fileBytes = z.string().meta({ format: 'binary' });

/** A reply that is an HTML page (the local checkout). */
export const htmlPage = z.string().meta({ description: 'HTML page' });

/** A 303 that sends the browser back to the site: no body. */
export const siteRedirect = z.null().meta({ description: 'Redirect to the site' });

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
