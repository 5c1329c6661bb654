import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorHandler, notFoundHandler } from './error-handler.ts';
import { installInputGuard } from './input-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';

export interface HttpOptions {
  /** Origins allowed by CORS. */
  siteOrigins: string[];
}

/**
 * What every route shares before any domain adds one: the envelope for every failure and for unknown addresses, the
 * input guard, the parsers, the OpenAPI document (`/api/openapi.json`), CORS for the site's origins, helmet's headers
 * and multipart bodies.
 */
async function http(app: FastifyInstance, options: HttpOptions): Promise<void> {
  app.setErrorHandler(errorHandler(app));
  app.setNotFoundHandler(notFoundHandler);
  installInputGuard(app);
  // The local checkout's HTML forms post url-encoded (their one field is the owner's checkout token).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Reelmint API', version: '1.0.0', description: 'Accounts, credits, plans, payments, uploads, video jobs and templates.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(cors, {
    origin: options.siteOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept'],
    maxAge: 600,
  });
  // Cross-origin resource policy is relaxed because the site (other origins) embeds our media.
  registerSecurityHeaders(app, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });

  // The document is fixed once the routes are registered: built and serialised on first use, not per request
  // (a few hundred kilobytes each time made the route the slowest one the fuzz suite calls).
  let openapi: string | null = null;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    openapi ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(openapi);
  });
}

export default fp(http, { name: 'http', fastify: '5.x' });
