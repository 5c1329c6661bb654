import type { FastifyInstance } from 'fastify';
import { falWebhookReply } from '@reelmint/contract/video-api';
import type { FalWebhookReply } from '@reelmint/contract/video-api';
import { errorReplies, envelopeSchema, ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { FalAdapter } from './fal.ts';
import { HostedEngine } from './hosted-engine.ts';

/**
 * POST /api/videos/webhooks/fal: fal announces a finished request. The signature is checked on
 * the raw body; a valid announcement only makes the job's next status check due now, so the
 * outcome is always read from fal's API, and an announcement sent twice changes nothing more.
 */
export function registerProviderWebhooks(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    // The signature covers the exact bytes, so this route keeps the body unparsed.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Body: Buffer }>(
      '/api/videos/webhooks/fal',
      {
        schema: {
          tags: ['videos'],
          summary: 'fal.ai webhook (signature verified); the job is then checked at fal at once',
          security: [],
          response: {
            200: envelopeSchema(falWebhookReply),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        const engine = services.engine;
        if (!(engine instanceof HostedEngine) || !(engine.adapter instanceof FalAdapter)) {
          throw notFound('WEBHOOK_NOT_CONFIGURED', 'This server does not use fal.ai');
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let requestId: string | null;
        try {
          requestId = await engine.adapter.verifyWebhook(request.headers, body);
        } catch (error) {
          request.log.error({ err: error }, 'fal webhook keys unavailable');
          throw new AppError(503, 'WEBHOOK_KEYS_UNAVAILABLE', 'The webhook could not be verified right now; send it again later');
        }
        if (!requestId) throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid');
        let announced: unknown;
        try {
          announced = JSON.parse(body.toString('utf8'));
        } catch {
          throw new AppError(400, 'VALIDATION_ERROR', 'The webhook body is not JSON');
        }
        if ((announced as { request_id?: unknown })?.request_id !== requestId) {
          throw new AppError(400, 'VALIDATION_ERROR', 'The webhook body is about another request than its signature');
        }
        return ok<FalWebhookReply>({ received: true, matched: engine.nudge(requestId) }, 'Received');
      },
    );
  });
}
