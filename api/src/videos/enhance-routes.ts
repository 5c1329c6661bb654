import type { FastifyInstance } from 'fastify';
import { enhancePromptReply, enhancePromptRequest } from '@reelmint/contract/video-api';
import type { EnhancePromptRequest } from '@reelmint/contract/video-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, ok } from '../http/envelope.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { enhancePrompt } from './enhance.ts';
import type { PromptEnhancerOptions } from './enhance.ts';

/** `POST /api/videos/enhance-prompt`: a richer prompt proposed for the person to edit before generating; free. */
export function registerEnhanceRoute(app: FastifyInstance, services: Services, limit: RateLimitRule, model: PromptEnhancerOptions | null): void {
  app.post<{ Body: EnhancePromptRequest }>(
    '/api/videos/enhance-prompt',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['videos'],
        summary:
          'Propose a richer prompt from a prompt and the chosen settings; charges nothing. Written by the configured language model, or by the deterministic local enhancer',
        body: jsonSchemaOf(enhancePromptRequest, 'input'),
        response: { 200: envelopeSchema(enhancePromptReply), ...errorReplies },
      },
    },
    async (request) => {
      await services.auth.require(request);
      return ok(await enhancePrompt(request.body, model, request.log));
    },
  );
}
