import type { FastifyRequest } from 'fastify';

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
