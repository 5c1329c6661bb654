/**
 * The reply envelope and the route reply declarations made from it. The envelope is declared once, in shared's
 * schema (`envelopeOf`, `errorEnvelope`), like every reply body: the routes serialise with the JSON Schemas made
 * from those declarations and the client reads their types.
 */
import { envelopeOf, errorEnvelope, fileBytes, htmlPage, jsonSchemaOf, siteRedirect } from '@reelmint/contract/schema';
import type { ErrorEnvelope, OkEnvelope } from '@reelmint/contract/schema';

export function ok<T>(data: T, message = 'OK'): OkEnvelope<T> {
  return { success: true, data, error: null, message };
}

/** A refusal's body: the code, the text, and any fields a screen reads beside them. */
export function refusal(code: string, message: string, details: Record<string, unknown> = {}): ErrorEnvelope {
  return { success: false, data: null, error: code, message, ...details };
}

/** A reply body as shared declares it. */
type Declared = Parameters<typeof envelopeOf>[0];

/** A successful reply whose `data` is `reply`. */
export function envelopeSchema(reply: Declared): Record<string, unknown> {
  return jsonSchemaOf(envelopeOf(reply));
}

const errorSchema = jsonSchemaOf(errorEnvelope);

/** The error replies every route may send, for the OpenAPI document and the serializer. */
export const errorReplies = { '4xx': errorSchema, '5xx': errorSchema };

const fileSchema = jsonSchemaOf(fileBytes);

/** A route that answers a file's bytes; `ranges` when it also answers part of it (206). */
export const fileReplies = (ranges: boolean) => ({ 200: fileSchema, ...(ranges ? { 206: fileSchema } : {}), ...errorReplies });

/** A route that answers an HTML page. */
export const htmlReplies = { 200: jsonSchemaOf(htmlPage), ...errorReplies };

/** A route that sends the browser back to the site. */
export const redirectReplies = { 303: jsonSchemaOf(siteRedirect), ...errorReplies };
