import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../http/rate-limits.ts';
import { registerEditRoutes } from './edit-routes.ts';
import { registerEnhanceRoute } from './enhance-routes.ts';
import type { PromptEnhancerOptions } from './enhance.ts';
import { registerProviderWebhooks } from './providers/webhooks.ts';
import { registerVideoRoutes } from './routes.ts';
import { DEFAULT_SHARE_LIMITS, registerSharingRoutes } from './sharing-routes.ts';
import type { ShareLimits } from './sharing-routes.ts';

export interface VideosOptions {
  /** Queuing a generation or an edit, per client address. */
  generateLimit: RateLimitRule;
  /** Publishing per account and view counts per address (RATE_LIMIT_SHARE, RATE_LIMIT_SHARE_VIEWS). */
  shareLimits?: Partial<ShareLimits>;
  /** The language model that proposes richer prompts (PROMPT_ENHANCER_*); without it the local enhancer does. */
  promptEnhancer?: PromptEnhancerOptions | null;
}

/**
 * Videos (`/api/videos/...`, `/api/public/videos/...`): generating, the history and media, edits, sharing by link and
 * the hosted provider's webhook. The jobs themselves run in the video-engine plugin's worker.
 */
async function videos(app: FastifyInstance, options: VideosOptions): Promise<void> {
  const { services } = app;
  registerVideoRoutes(app, services, options.generateLimit);
  // Edits are queued like generations and share their limit.
  registerEditRoutes(app, services, options.generateLimit);
  // Proposing a prompt is free, but may call a paid model: it counts against the same limit.
  registerEnhanceRoute(app, services, options.generateLimit, options.promptEnhancer ?? null);
  registerSharingRoutes(app, services, { ...DEFAULT_SHARE_LIMITS, ...options.shareLimits });
  registerProviderWebhooks(app, services);
}

export default fp(videos, { name: 'videos', fastify: '5.x', dependencies: ['services', 'rate-limit'] });
