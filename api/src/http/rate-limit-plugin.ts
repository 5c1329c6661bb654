import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectRedis, memoryCounter, redisCounter } from './counters.ts';
import type { HitCounter } from './counters.ts';
import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hit counter of its own under `namespace`, in the Redis every API process shares when REDIS_URL is set (the
     * login lockout, the checkout allowance), in this process's memory otherwise.
     */
    hitCounter(namespace: string): HitCounter;
    /** The Redis every API process shares (REDIS_URL), or null; /readyz asks it for a PING. */
    redis: Redis | null;
  }
}

export interface RateLimitOptions {
  /** Rate-limit counters and the other hit counters live here when set (shared by every process); in memory otherwise. */
  redisUrl?: string;
}

/** @fastify/rate-limit for the routes that name a limit, and the counters of the limits that span several routes. */
async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : null;
  app.addHook('onClose', async () => redis?.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'reelmint-rl:' } : {}),
    // Redis away: let requests through (and log) rather than fail every limited route.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
  app.decorate('redis', redis);
  app.decorate('hitCounter', (namespace: string) => (redis ? redisCounter(redis, namespace) : memoryCounter()));
}

export default fp(rateLimits, { name: 'rate-limit', fastify: '5.x', dependencies: ['http'] });
