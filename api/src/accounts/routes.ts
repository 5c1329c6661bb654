import type { FastifyInstance } from 'fastify';
import { PLAN_KEYS } from '@reelmint/shared/plans';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { loginWithGoogle, login, register, userView } from './users.ts';
import type { User } from '../db/schema.ts';

export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'credits', 'subscription'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    credits: { type: 'integer' },
    subscription: {
      type: 'object',
      required: ['plan', 'status'],
      properties: { plan: { type: 'string', enum: [...PLAN_KEYS] }, status: { type: 'string' } },
    },
  },
};

const loginReplySchema = envelopeSchema({
  type: 'object',
  required: ['access_token', 'token_type', 'expires_at', 'user'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_at: { type: 'string', format: 'date-time' },
    user: userSchema,
  },
});

const email = { type: 'string', format: 'email', maxLength: 254 };
const password = { type: 'string', minLength: 8, maxLength: 256 };

export function registerAccountRoutes(app: FastifyInstance, services: Services, authLimit: RateLimitRule): void {
  const session = async (user: User) => {
    const { token, expiresAt } = await services.tokens.signAccess(user.id);
    return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), user: await userView(services, user) };
  };

  app.post<{ Body: { name: string; email: string; password: string } }>(
    '/api/auth/register',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account on the free plan with its credits',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email', 'password'],
          properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }, email, password },
        },
        response: { 201: loginReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await register(services, request.body.name, request.body.email, request.body.password);
      return reply.code(201).send(ok(await session(user), 'Account created'));
    },
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/api/auth/login',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          // Login accepts any non-empty password: rules for new passwords must not lock out old ones.
          properties: { email, password: { type: 'string', minLength: 1, maxLength: 256 } },
        },
        response: { 200: loginReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await login(services, request.body.email, request.body.password);
      return ok(await session(user), 'Signed in');
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/auth/google',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with a Google ID token',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 8192 } },
        },
        response: { 200: loginReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const verifier = services.google;
      if (!verifier) throw new AppError(400, 'GOOGLE_NOT_CONFIGURED', 'Google sign-in is not enabled on this server');
      let identity;
      try {
        identity = await verifier.verify(request.body.token);
      } catch {
        throw new AppError(401, 'INVALID_GOOGLE_TOKEN', 'The Google sign-in could not be verified');
      }
      return ok(await session(await loginWithGoogle(services, identity)), 'Signed in with Google');
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: envelopeSchema(userSchema), ...errorReplies } },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await userView(services, user));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the bearer token',
        response: { 200: envelopeSchema({ type: 'null' }), ...errorReplies },
      },
    },
    async (request) => {
      const current = await services.auth.require(request);
      await services.auth.revoke(current);
      return ok(null, 'Signed out');
    },
  );
}
