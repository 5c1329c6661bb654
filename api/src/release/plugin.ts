import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PublishedVersions, SQLITE_FILE, releaseConfig, releaseRunner } from '@reelmint/release';
import type { ReleaseRunner } from '@reelmint/release';
import { openReleaseSource } from '@reelmint/release/dashboard';
import type { ReleaseStoreConfig } from '@reelmint/release/dashboard';
import { CanaryGuard, DEFAULT_GUARD_OPTIONS, stopWithReleaseCli, widenWithReleaseCli } from './canary-guard.ts';
import type { GuardOptions, StopCanary, WidenCanary } from './canary-guard.ts';
import { registerDashboardRoutes } from './dashboard-routes.ts';
import { DEFAULT_TELEMETRY_OPTIONS, registerTelemetryRoutes, startTelemetrySweeper } from './telemetry.ts';
import type { TelemetryOptions } from './telemetry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when this process runs no canary guard. */
    canaryGuard: CanaryGuard | null;
  }
}

/** Where the release tooling keeps its documents when the environment does not say (the repository's .run folder, the files). */
const { releasesDir, pointerFile, historyFile } = releaseConfig({});
const DEFAULT_RELEASE_FILES: Omit<ReleaseStoreConfig, 'sqlitePath'> = { releasesDir, pointerFile, historyFile, pointerStore: 'file' };

export interface ReleaseOptions {
  /** The data folder, where the pointer's SQLite database is unless releaseFiles says otherwise. */
  dataDir: string;
  /**
   * Where the release tooling keeps releases, the pointer and its history (RELEASES_DIR, REMOTES_POINTER,
   * REMOTES_HISTORY, REMOTES_POINTER_STORE): visitors' reports must name a published version, and the release
   * dashboard, the guard and the release commands they run read and change that pointer. Defaults: the repository's .run
   * folder and the files; with `pointerStore: 'database'` the pointer lives in this API's database
   * (`databaseUrl` for PostgreSQL, else the SQLite file in dataDir).
   */
  releaseFiles?: Partial<ReleaseStoreConfig>;
  telemetry?: Partial<TelemetryOptions>;
  /**
   * Stops guarded canaries that do worse than stable and widens healthy ones that have steps (false: not in this
   * process). `stop` and `widen` default to the release commands (`releaseCli`).
   */
  canaryGuard?: (Partial<GuardOptions> & { stop?: StopCanary; widen?: WidenCanary }) | false;
  /** Runs the release CLI's commands for the dashboard's actions and the guard; by default in this process, on releaseFiles. */
  releaseCli?: ReleaseRunner;
}

/**
 * Releases: visitors' reports on remote versions (`/api/telemetry/remotes`), the release managers' dashboard
 * (`/api/release/...`), the canary guard and the sweep of old reports.
 */
async function release(app: FastifyInstance, options: ReleaseOptions): Promise<void> {
  const { services } = app;
  const telemetry = { ...DEFAULT_TELEMETRY_OPTIONS, ...options.telemetry };
  const releaseFiles: ReleaseStoreConfig = { ...DEFAULT_RELEASE_FILES, sqlitePath: join(options.dataDir, SQLITE_FILE), ...options.releaseFiles };
  if (releaseFiles.pointerStore === 'database' && services.dialect === 'postgres' && !releaseFiles.databaseUrl) {
    throw new Error('The pointer lives in the database (REMOTES_POINTER_STORE=database), but no PostgreSQL URL was given for it');
  }
  registerTelemetryRoutes(app, services, new PublishedVersions(releaseFiles.releasesDir, () => services.now().getTime()), telemetry);
  const releaseSource = await openReleaseSource(releaseFiles);
  const cli = options.releaseCli ?? releaseRunner(releaseFiles);
  registerDashboardRoutes(app, services, releaseSource, cli);
  const guard =
    options.canaryGuard === false
      ? null
      : new CanaryGuard(
          services.db,
          releaseSource,
          options.canaryGuard?.stop ?? stopWithReleaseCli(cli),
          options.canaryGuard?.widen ?? widenWithReleaseCli(cli),
          app.log,
          services.now,
          { ...DEFAULT_GUARD_OPTIONS, ...options.canaryGuard },
        );
  app.decorate('canaryGuard', guard);

  let stopTelemetrySweeper: (() => void) | null = null;
  app.addHook('onReady', async () => {
    guard?.start();
    stopTelemetrySweeper = startTelemetrySweeper(services, telemetry, (error) => app.log.warn({ err: error }, 'sweeping old release telemetry failed'));
  });
  app.addHook('onClose', async () => {
    stopTelemetrySweeper?.();
    await guard?.close();
    await releaseSource.close();
  });
}

export default fp(release, { name: 'release', fastify: '5.x', dependencies: ['services', 'rate-limit'] });
