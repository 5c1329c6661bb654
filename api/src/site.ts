import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteConfig } from '@reelmint/contract/site-api';
import { envelopeSchema, errorReplies, ok } from './http/envelope.ts';

/** `/api/config`: what the front end may offer (Google sign-in, the payment provider, the video engine). */
async function site(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['meta'],
        summary: 'What the front end may offer',
        response: {
          200: envelopeSchema(siteConfig),
          ...errorReplies,
        },
      },
    },
    async () => ok({ googleClientId: services.google?.clientId ?? null, paymentProvider: services.payments.name, videoEngine: services.engine.name }),
  );
}

export default fp(site, { name: 'site', fastify: '5.x', dependencies: ['services'] });
