import type { FastifyRequest } from 'fastify';
import { envelopeSchema } from './envelope.ts';
import type { Schema } from './envelope.ts';

/**
 * Validation does not coerce types (a JSON body with "5" for a number must be a 400), but query
 * strings are always text: this preValidation hook turns the named integer fields into numbers
 * first, leaving anything that is not a plain integer for the schema to refuse.
 */
export function coerceIntegerQuery(fields: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const query = request.query as Record<string, unknown>;
    for (const field of fields) {
      const value = query[field];
      if (typeof value === 'string' && /^-?\d{1,9}$/.test(value)) query[field] = Number(value);
    }
  };
}

/** The query of a paged list (`?page=&per_page=`), the same limits on every list. */
export const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
  },
};

/** The reply of a paged list: one page of items, where it is, and how many there are in all. */
export function pageOfSchema(itemSchema: Schema): Schema {
  return envelopeSchema({
    type: 'object',
    required: ['items', 'page', 'perPage', 'total'],
    properties: { items: { type: 'array', items: itemSchema }, page: { type: 'integer' }, perPage: { type: 'integer' }, total: { type: 'integer' } },
  });
}
