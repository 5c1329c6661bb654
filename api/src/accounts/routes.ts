import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountUser,
  emailChangeReply,
  emailChangeRequest,
  forgotPasswordRequest,
  googleSignInRequest,
  linkTokenRequest,
  loginReply,
  loginRequest,
  logoutReply,
  mailSentReply,
  registerReply,
  registerRequest,
  resendVerificationRequest,
  resetLinkReply,
  resetPasswordRequest,
  verificationResentReply,
  verifyEmailReply,
} from '@reelmint/contract/account-api';
import type {
  EmailChangeRequest,
  ForgotPasswordRequest,
  GoogleSignInRequest,
  LinkTokenRequest,
  LoginRequest,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
} from '@reelmint/contract/account-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import type { LoginLockout } from './lockout.ts';
import { signInWithGoogle, signInWithPassword, signUp, startSession } from './sign-in.ts';
import { userView } from './users.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.ts';
import { confirmEmail, requestEmailChange, resendVerificationMail } from './email-verification.ts';

const loginReplySchema = envelopeSchema(loginReply);
const registerReplySchema = envelopeSchema(registerReply);

const linkTokenBody = jsonSchemaOf(linkTokenRequest, 'input');

export function registerAccountRoutes(
  app: FastifyInstance,
  services: Services,
  authLimit: RateLimitRule,
  resetLimit: RateLimitRule,
  lockout: LoginLockout,
): void {
  const device = (request: FastifyRequest) => request.headers['user-agent'];

  app.post<{ Body: RegisterRequest }>(
    '/api/auth/register',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account on the free plan with its credits',
        body: jsonSchemaOf(registerRequest, 'input'),
        response: { 201: registerReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await signUp(services, request.body, device(request)), 'Account created')),
  );

  app.post<{ Body: LoginRequest }>(
    '/api/auth/login',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        // Login accepts any non-empty password: rules for new passwords must not lock out old ones.
        body: jsonSchemaOf(loginRequest, 'input'),
        response: { 200: loginReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const credentials = { email: request.body.email, password: request.body.password, address: request.ip };
      return ok(await signInWithPassword(services, lockout, credentials, device(request)), 'Signed in');
    },
  );

  app.post<{ Body: GoogleSignInRequest }>(
    '/api/auth/google',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with a Google ID token',
        body: jsonSchemaOf(googleSignInRequest, 'input'),
        response: { 200: loginReplySchema, ...errorReplies },
      },
    },
    async (request) => ok(await signInWithGoogle(services, request.body.token, device(request)), 'Signed in with Google'),
  );

  app.get(
    '/api/auth/me',
    {
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: envelopeSchema(accountUser), ...errorReplies } },
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
        response: { 200: envelopeSchema(logoutReply), ...errorReplies },
      },
    },
    async (request) => {
      const current = await services.auth.require(request);
      await services.auth.revoke(current);
      return ok(null, 'Signed out');
    },
  );

  app.post<{ Body: ForgotPasswordRequest }>(
    '/api/auth/password/forgot',
    {
      config: { rateLimit: resetLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link (the answer is the same whether or not the account exists)',
        body: jsonSchemaOf(forgotPasswordRequest, 'input'),
        response: {
          200: envelopeSchema(mailSentReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const result = await requestPasswordReset(services, request.body.email, request.body.language);
      return ok(result, 'If an account uses this address, a link to choose a new password is on its way.');
    },
  );

  app.post<{ Body: LinkTokenRequest }>(
    '/api/auth/password/reset/check',
    {
      config: { rateLimit: resetLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a password reset link can still be used',
        body: linkTokenBody,
        response: { 200: envelopeSchema(resetLinkReply), ...errorReplies },
      },
    },
    async (request) => ok(await checkResetLink(services, request.body.token)),
  );

  app.post<{ Body: ResetPasswordRequest }>(
    '/api/auth/password/reset',
    {
      config: { rateLimit: resetLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with a reset link; ends every other session and signs in',
        body: jsonSchemaOf(resetPasswordRequest, 'input'),
        response: { 200: loginReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await resetPassword(services, request.body.token, request.body.password);
      return ok(await startSession(services, user, device(request)), 'Password changed');
    },
  );

  app.post<{ Body: LinkTokenRequest }>(
    '/api/auth/email/verify',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Follow an email confirmation link: verifies the address, or moves the account to the new one',
        body: linkTokenBody,
        response: {
          200: envelopeSchema(verifyEmailReply),
          ...errorReplies,
        },
      },
    },
    async (request) => ok(await confirmEmail(services, request.body.token), 'Email address confirmed'),
  );

  app.post<{ Body: ResendVerificationRequest }>(
    '/api/auth/email/verify/resend',
    {
      config: { rateLimit: resetLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Mail the signed-in person a new link to confirm their address',
        body: jsonSchemaOf(resendVerificationRequest, 'input'),
        response: { 200: envelopeSchema(verificationResentReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await resendVerificationMail(services, user, request.body.language), 'A new confirmation link is on its way.');
    },
  );

  app.post<{ Body: EmailChangeRequest }>(
    '/api/auth/email/change',
    {
      config: { rateLimit: resetLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Ask to move the account to another address; it changes once that address confirms, and the current one is told',
        body: jsonSchemaOf(emailChangeRequest, 'input'),
        response: { 200: envelopeSchema(emailChangeReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await requestEmailChange(services, user, request.body), 'Check the new address for a confirmation link.');
    },
  );
}
