/** The reply envelope and the JSON schemas that describe it. */
export interface OkEnvelope<T> {
  success: true;
  data: T;
  error: null;
  message: string;
}

export function ok<T>(data: T, message = 'OK'): OkEnvelope<T> {
  return { success: true, data, error: null, message };
}

export type Schema = Record<string, unknown>;

/** A successful reply whose `data` follows `dataSchema`. */
export function envelopeSchema(dataSchema: Schema, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: ['success', 'data', 'error', 'message'],
    properties: {
      success: { type: 'boolean', const: true },
      data: dataSchema,
      error: { type: 'null' },
      message: { type: 'string' },
    },
  };
}

/** Every 4xx/5xx: machine code in `error`, human text in `message`; extra fields pass through. */
export const errorSchema: Schema = {
  type: 'object',
  description: 'Error envelope',
  required: ['success', 'data', 'error', 'message'],
  additionalProperties: true,
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
};

/** The error replies every route may send, for the OpenAPI document and the serializer. */
export const errorReplies = { '4xx': errorSchema, '5xx': errorSchema };
