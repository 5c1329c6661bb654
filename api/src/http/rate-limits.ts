import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../accounts/authenticator.ts';
import type { TokenSigner } from '../accounts/tokens.ts';

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
  /** password reset requests and link use, per client address. */
  passwordReset: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 10, timeWindow: 60_000 },
  generate: { max: 20, timeWindow: 60_000 },
  passwordReset: { max: 5, timeWindow: 15 * 60_000 },
};

/**
 * Rate-limit key for routes that need a session: the account when the bearer token is valid (so
 * one person's allowance does not depend on how many addresses they use, nor is shared with
 * everyone behind the same address), the client address otherwise.
 */
export function accountOrAddress(services: { tokens: TokenSigner }) {
  return async (request: FastifyRequest): Promise<string> => {
    const token = bearerToken(request);
    const claims = token ? await services.tokens.verifyAccess(token) : null;
    return claims ? `user:${claims.userId}` : `ip:${request.ip}`;
  };
}
