import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../http/rate-limits.ts';
import { DEFAULT_LOCKOUT, LoginLockout } from './lockout.ts';
import type { LockoutRules } from './lockout.ts';
import { registerAccountRoutes } from './routes.ts';
import { registerSettingsRoutes } from './settings-routes.ts';

export interface AccountsOptions {
  /** Login, register, Google sign-in and following an email link, per client address. */
  authLimit: RateLimitRule;
  /** Password reset calls and the account's sensitive changes, per client address. */
  sensitiveLimit: RateLimitRule;
  loginLockout?: Partial<LockoutRules>;
}

/** Accounts: signing up and in (`/api/auth/...`), mailed links, and the settings page's calls (`/api/account/...`). */
async function accounts(app: FastifyInstance, options: AccountsOptions): Promise<void> {
  const lockout = new LoginLockout(app.hitCounter('reelmint-lock:'), { ...DEFAULT_LOCKOUT, ...options.loginLockout });
  registerAccountRoutes(app, app.services, options.authLimit, options.sensitiveLimit, lockout);
  registerSettingsRoutes(app, app.services, options.sensitiveLimit);
}

export default fp(accounts, { name: 'accounts', fastify: '5.x', dependencies: ['services', 'rate-limit'] });
