import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../accounts/authenticator.ts';
import type { TokenSigner } from '../accounts/tokens.ts';
import type { HitCounter } from './counters.ts';
import { AppError } from './errors.ts';

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
  /** opening a checkout or changing plan, per account. */
  checkout: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 10, timeWindow: 60_000 },
  generate: { max: 20, timeWindow: 60_000 },
  passwordReset: { max: 5, timeWindow: 15 * 60_000 },
  checkout: { max: 10, timeWindow: 10 * 60_000 },
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

/** Counts one use of an allowance by an account; refuses (429) once it is spent. */
export type AccountAllowance = (userId: string) => Promise<void>;

/**
 * One allowance per account shared by several routes (opening a checkout, through any of the routes
 * that do), counted in the same store as the login lockout: @fastify/rate-limit counts each route apart.
 */
export function accountAllowance(counter: HitCounter, name: string, rule: RateLimitRule, what: string): AccountAllowance {
  return async (userId) => {
    const { count, resetInMs } = await counter.hit(`${name}:${userId}`, rule.timeWindow);
    if (count > rule.max) {
      throw new AppError(429, 'RATE_LIMITED', `Too many ${what}. Try again in ${Math.max(1, Math.ceil(resetInMs / 60_000))} minutes.`, {
        retryAfterSeconds: Math.ceil(resetInMs / 1000),
      });
    }
  };
}
