import {
  accountDeletedReply,
  accountUser,
  accountDeletionRequest,
  accountSessionsReply,
  passwordChangeRequest,
  passwordChangedReply,
  pictureParams,
  profileChanges,
  sessionsEndedReply,
} from '@reelmint/contract/account-api';
import type { AccountDeletionRequest, AccountSessionsReply, PasswordChangeRequest, PictureParams, ProfileChanges } from '@reelmint/contract/account-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import type { FastifyInstance } from 'fastify';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { contentTypeOf } from '../storage/storage.ts';
import { exportAccountData } from './data-export.ts';
import { deleteAccount } from './account-deletion.ts';
import { accountPictureKey, changePassword, listSessions, removePicture, replacePicture, updateProfile } from './settings.ts';
import { userView } from './users.ts';

const userReply = { 200: envelopeSchema(accountUser), ...errorReplies };

/** The /account settings page's calls: profile, picture, password, sessions, the data export and deleting the account. */
export function registerSettingsRoutes(app: FastifyInstance, services: Services, sensitiveLimit: RateLimitRule): void {
  app.patch<{ Body: ProfileChanges }>(
    '/api/account/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the name or the preferred language (used for mails and applied at sign-in)',
        body: jsonSchemaOf(profileChanges, 'input'),
        response: userReply,
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await userView(services, await updateProfile(services, user, request.body)), 'Profile saved');
    },
  );

  app.put(
    '/api/account/picture',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: 'Set the account picture (multipart field "file": PNG, JPEG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: userReply,
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
      return ok(await userView(services, await replacePicture(services, user, request)), 'Picture saved');
    },
  );

  app.delete(
    '/api/account/picture',
    { schema: { tags: ['accounts'], summary: 'Remove the account picture (the initial shows again)', response: userReply } },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await userView(services, await removePicture(services, user)), 'Picture removed');
    },
  );

  app.get<{ Params: PictureParams }>(
    '/api/account/picture/:file',
    {
      schema: {
        tags: ['accounts'],
        summary: 'An account picture; its random name is the only way to it, and a replaced picture is gone',
        params: jsonSchemaOf(pictureParams, 'input'),
      },
    },
    async (request, reply) => {
      const key = await accountPictureKey(services, request.params.file);
      // A new picture gets a new name, so this one never changes: browsers may keep it.
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      return services.storage.send(request, reply, key, contentTypeOf(request.params.file));
    },
  );

  app.post<{ Body: PasswordChangeRequest }>(
    '/api/account/password',
    {
      config: { rateLimit: sensitiveLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (the current one is required); ends every other session',
        body: jsonSchemaOf(passwordChangeRequest, 'input'),
        response: {
          200: envelopeSchema(passwordChangedReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const session = await services.auth.require(request);
      return ok(await changePassword(services, session, request.body.currentPassword, request.body.newPassword), 'Password changed');
    },
  );

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Where the account is signed in, newest first',
        response: {
          200: envelopeSchema(accountSessionsReply),
          ...errorReplies,
        },
      },
    },
    async (request) => ok<AccountSessionsReply>({ items: await listSessions(services, await services.auth.require(request)) }),
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out every other session of the account (this one stays)',
        response: { 200: envelopeSchema(sessionsEndedReply), ...errorReplies },
      },
    },
    async (request) => {
      const session = await services.auth.require(request);
      return ok({ ended: await services.auth.endSessions(session.user.id, session.jti) }, 'Signed out everywhere else');
    },
  );

  app.get(
    '/api/account/export',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary:
          'Download everything kept about the account as one JSON file (account, sessions, subscription, ledger, payments, uploads, videos with media links)',
      },
    },
    async (request, reply) => {
      const session = await services.auth.require(request);
      const data = await exportAccountData(services, request, session);
      const day = services.now().toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="reelmint-data-${day}.json"`);
      reply.header('Cache-Control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  );

  app.post<{ Body: AccountDeletionRequest }>(
    '/api/account/delete',
    {
      config: { rateLimit: sensitiveLimit },
      schema: {
        tags: ['accounts'],
        summary:
          'Delete the account for good (the password is required): cancels the subscription at the provider, removes media and data, keeps only anonymised payment records, signs out everywhere',
        body: jsonSchemaOf(accountDeletionRequest, 'input'),
        response: {
          200: envelopeSchema(accountDeletedReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const session = await services.auth.require(request);
      const outcome = await deleteAccount(services, request.log, session, request.body.password, request.body.language);
      return ok({ deleted: true, ...outcome }, 'Account deleted');
    },
  );
}
