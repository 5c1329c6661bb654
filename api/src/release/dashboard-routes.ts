import type { FastifyInstance, FastifyRequest } from 'fastify';
import { releaseActionReply, releaseActionRequest, releaseMetrics, releaseMetricsQuery, releaseOverview } from '@reelmint/contract/release-api';
import type { ReleaseActionReply, ReleaseActionRequest, ReleaseMetrics, ReleaseMetricsQuery, ReleaseOverview } from '@reelmint/contract/release-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { Services } from '../services.ts';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import type { ReleaseRunner } from '@reelmint/release';
import { hasRole, versionSeries } from '@reelmint/release/dashboard';
import type { ReleaseSource } from '@reelmint/release/dashboard';
import { RELEASE_MANAGER } from '@reelmint/contract/account-api';

/** Only accounts with the release-manager role (granted with `npm run release -- grant-release-manager`). */
export async function requireReleaseManager(services: Services, request: FastifyRequest) {
  const session = await services.auth.require(request);
  if (!(await hasRole(services.db, session.user.id, RELEASE_MANAGER))) {
    throw new AppError(403, 'FORBIDDEN', 'Only release managers can use the release dashboard.');
  }
  return session;
}

/** The CLI's arguments for one dashboard action; null when the body lacks what that action needs. */
export function actionArguments(body: ReleaseActionRequest): string[] | null {
  const reason = ['--reason', body.reason.trim()];
  switch (body.action) {
    case 'promote':
      return body.version ? ['promote', body.remote, body.version, ...reason] : null;
    case 'rollback':
      return ['rollback', body.remote, ...reason];
    case 'canary-off':
      return ['canary', body.remote, 'off', ...reason];
    case 'canary': {
      if (!body.version || body.percent === undefined) return null;
      const guard = body.guard
        ? [
            '--guard',
            '--min-visits',
            String(body.guard.minVisits),
            '--error-margin',
            String(body.guard.errorMargin),
            '--p75-margin',
            String(body.guard.p75Margin),
            ...(body.guard.steps ? ['--steps', body.guard.steps.join(','), '--step-minutes', String(body.guard.stepMinutes ?? 10)] : []),
          ]
        : [];
      return ['canary', body.remote, body.version, String(body.percent), ...reason, ...guard];
    }
  }
}

/** The CLI's "Smoke check passed/skipped/FAILED" line, for the page to show which. */
function smokeOutcome(output: string): ReleaseActionReply['smoke'] {
  if (/Smoke check passed/.test(output)) return 'passed';
  if (/Smoke check FAILED/.test(output)) return 'failed';
  if (/Smoke check skipped/.test(output)) return 'skipped';
  return 'not-run';
}

/** How long a change from the dashboard may take, its smoke check included. */
const ACTION_TIMEOUT_MS = 120_000;

export function registerDashboardRoutes(app: FastifyInstance, services: Services, source: ReleaseSource, cli: ReleaseRunner): void {
  app.post<{ Body: ReleaseActionRequest }>(
    '/api/release/actions',
    {
      // The smoke check opens the site in Chromium (up to 40 s) after the change itself.
      handlerTimeout: ACTION_TIMEOUT_MS,
      // Nothing crosses the connection while the change runs: without this the server's idle limit would cut it
      // (and the browser, seeing a kept-alive connection closed unanswered, sends the POST again).
      onRequest: async (request) => {
        // A request injected in-process (tests, no connection) has a stand-in socket without timers.
        const { socket } = request.raw;
        if (typeof socket?.setTimeout === 'function') socket.setTimeout(ACTION_TIMEOUT_MS);
      },
      schema: {
        tags: ['release'],
        summary: 'Promote, roll back, start, widen or stop a canary, with the same checks as the command line (release managers only)',
        body: jsonSchemaOf(releaseActionRequest, 'input'),
        response: {
          200: envelopeSchema(releaseActionReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await requireReleaseManager(services, request);
      const steps = request.body.guard?.steps;
      if (steps && !steps.every((step, index) => step > (index === 0 ? (request.body.percent ?? 0) : steps[index - 1]!))) {
        throw new AppError(400, 'VALIDATION_ERROR', "A canary's steps must rise, each above the one before and above its starting share");
      }
      const args = actionArguments(request.body);
      if (!args)
        throw new AppError(400, 'VALIDATION_ERROR', request.body.action === 'canary' ? 'A canary needs a version and a share' : 'Promote needs a version');
      const result = await cli(args, `${user.name} <${user.email}> (dashboard)`);
      // 2: the build does not fit the live shell; 1: refused (not published, nothing to roll back to, a lock held).
      if (result.code === 2) throw new AppError(409, 'INCOMPATIBLE', result.output);
      if (result.code !== 0 && result.code !== 3) throw new AppError(409, 'RELEASE_REFUSED', result.output || 'The release command failed');
      // 3: the change is made and its smoke check failed; the output says how to undo it.
      return ok<ReleaseActionReply>({ smoke: smokeOutcome(result.output), output: result.output });
    },
  );

  app.get(
    '/api/release/overview',
    {
      schema: {
        tags: ['release'],
        summary:
          "The site's composition: each remote's live version, canary and share, published versions with build facts, and the pointer's history (release managers only)",
        response: { 200: envelopeSchema(releaseOverview), ...errorReplies },
      },
    },
    async (request) => {
      await requireReleaseManager(services, request);
      const [pointer, history] = await Promise.all([source.readPointer(), source.readHistory(200)]);
      const remotes = await Promise.all(
        REMOTE_NAMES.map(async (name) => {
          const target = pointer.remotes[name];
          return {
            name,
            live: target?.version ?? null,
            canary: target?.canary ?? null,
            rollbackTo: target?.rollbackTo ?? null,
            published: await source.listPublished(name),
          };
        }),
      );
      return ok<ReleaseOverview>({ pointerStore: source.kind, updatedAt: pointer.updatedAt, remotes, history });
    },
  );

  app.get<{ Querystring: ReleaseMetricsQuery }>(
    '/api/release/metrics',
    {
      preValidation: coerceIntegerQuery(['hours', 'bucket_minutes']),
      schema: {
        tags: ['release'],
        summary: 'Per version of a remote: visits, error rate and load-time percentiles, in total and over time (release managers only)',
        querystring: jsonSchemaOf(releaseMetricsQuery, 'input'),
        response: { 200: envelopeSchema(releaseMetrics), ...errorReplies },
      },
    },
    async (request) => {
      await requireReleaseManager(services, request);
      // Validation has filled in the defaults of the hours and the bucket width.
      const { remote, hours, bucket_minutes: bucketMinutes } = request.query;
      const since = new Date(services.now().getTime() - hours * 60 * 60_000);
      const versions = await versionSeries(services.db, remote, since, bucketMinutes * 60_000);
      return ok<ReleaseMetrics>({ remote, since: since.toISOString(), bucketMinutes, versions });
    },
  );
}
