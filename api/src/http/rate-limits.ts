/** Per-route limits (see @fastify/rate-limit); tests relax them through buildApp options. */
export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  /** login, register and Google sign-in, per client address. */
  auth: RateLimitRule;
  /** video generation, per client address. */
  generate: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 10, timeWindow: 60_000 },
  generate: { max: 20, timeWindow: 60_000 },
};
