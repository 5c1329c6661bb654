import type { FastifyInstance } from 'fastify';
import { editEstimate, editReply, editRequest } from '@reelmint/contract/video-api';
import type { EditRequestBody } from '@reelmint/contract/video-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { idempotencyHeaderSchema, idempotencyKey } from '../http/idempotency.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { estimateEdit, queueEdit } from './edits.ts';

const editBodySchema = jsonSchemaOf(editRequest, 'input');

/** `/api/videos/edits`: queuing an edit of finished videos, and what one would cost. */
export function registerEditRoutes(app: FastifyInstance, services: Services, editLimit: RateLimitRule): void {
  app.post<{ Body: EditRequestBody }>(
    '/api/videos/edits/estimate',
    {
      config: { rateLimit: editLimit },
      schema: {
        tags: ['videos'],
        summary: 'What an edit would cost and make; checks it like the edit itself and charges nothing',
        body: editBodySchema,
        response: { 200: envelopeSchema(editEstimate), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await estimateEdit(services, user.id, request.body));
    },
  );

  app.post<{ Body: EditRequestBody }>(
    '/api/videos/edits',
    {
      config: { rateLimit: editLimit },
      schema: {
        tags: ['videos'],
        summary: 'Queue an edit of finished videos (Max plan); it makes a new video and keeps its sources (optional Idempotency-Key header)',
        headers: idempotencyHeaderSchema(false),
        body: editBodySchema,
        response: { 202: envelopeSchema(editReply), 200: envelopeSchema(editReply), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      const queued = await queueEdit(services, user.id, idempotencyKey(request, false), request.body);
      if (queued.replayed) return reply.code(200).send(ok(queued, 'Already queued'));
      return reply.code(202).send(ok(queued, 'Edit queued'));
    },
  );
}
