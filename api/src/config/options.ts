import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createGoogleVerifier } from '../accounts/google.ts';
import { PASSWORD_HASHING, TEST_PASSWORD_HASHING, setPasswordHashing } from '../accounts/passwords.ts';
import type { HashingCost } from '../accounts/passwords.ts';
import type { BuildOptions } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { smtpTransport } from '../mail/transport.ts';
import type { MailTransport } from '../mail/transport.ts';
import { localProvider } from '../payments/provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { stripeProvider } from '../payments/stripe-provider.ts';
import type { ReleaseStoreConfig } from '@reelmint/release/dashboard';
import { LocalStorage } from '../storage/local-storage.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import type { MediaStorage } from '../storage/storage.ts';
import type { VideoEngine } from '../videos/engine.ts';
import { useFfmpeg } from '../videos/ffmpeg.ts';
import { LocalEngine } from '../videos/local-engine.ts';
import { checkedMapping } from '../videos/providers/checked-mapping.ts';
import { FalAdapter } from '../videos/providers/fal.ts';
import { DEFAULT_HOSTED_OPTIONS, HostedEngine } from '../videos/providers/hosted-engine.ts';
import { RunwayAdapter } from '../videos/providers/runway.ts';
import type { WorkerOptions } from '../videos/worker.ts';
import { SQLITE_FILE, releaseConfig } from '@reelmint/release';
import type { ApiEnv } from './env.ts';

/**
 * What the API and its worker are made of, built from the settings the schema parsed (config/env.ts): nothing here
 * reads the environment, and nothing here refuses a setting, since the schema already did.
 */

export async function openConfiguredDatabase(env: Pick<ApiEnv, 'DATA_DIR' | 'DATABASE_URL'>): Promise<Database> {
  return openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, SQLITE_FILE) });
}

/**
 * JWT_SECRET when given; otherwise a random secret kept in the data folder, so sign-ins survive
 * a restart without anyone having to configure anything.
 */
export function jwtSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Stripe with STRIPE_SECRET_KEY; otherwise the local test checkout, which takes no money. */
export function paymentProvider(env: ApiEnv): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return localProvider();
  return stripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
  });
}

/**
 * The cost of new password hashes: argon2id at PASSWORD_HASHING, always, unless a test run asks for the low test cost
 * with TEST_ONLY_PASSWORD_HASHING=low (the e2e suite's API: every sign-up there would otherwise cost about half a
 * second of CPU). The schema refuses that under NODE_ENV=production, so a live site cannot be started with cheap hashes.
 */
export function passwordHashing(env: ApiEnv): HashingCost {
  return env.TEST_ONLY_PASSWORD_HASHING === 'low' ? TEST_PASSWORD_HASHING : PASSWORD_HASHING;
}

/** What holds for the whole process, the API's or a lone worker's: the cost of new password hashes and the ffmpeg it runs. */
export function applyProcessSettings(env: ApiEnv): void {
  setPasswordHashing(passwordHashing(env));
  if (env.FFMPEG_PATH) useFfmpeg(env.FFMPEG_PATH);
}

/**
 * S3_BUCKET selects a bucket (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE for S3-compatible
 * servers; credentials from the SDK's usual AWS_* variables); otherwise the data folder.
 */
export function storageFromEnv(env: ApiEnv): MediaStorage {
  if (!env.S3_BUCKET) return new LocalStorage(env.DATA_DIR);
  return new S3Storage({
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** One JSON line on stderr per provider problem, like the API's own log. */
const providerLog = {
  error(details: object, message: string) {
    const { err, ...rest } = details as { err?: unknown };
    console.error(JSON.stringify({ level: 'error', time: Date.now(), msg: message, error: err instanceof Error ? err.message : undefined, ...rest }));
  },
};

/**
 * VIDEO_ENGINE: `local` (default; previews rendered with ffmpeg, no AI model), `fal` (FAL_KEY;
 * FAL_QUEUE_URL for another gateway) or `runway` (RUNWAYML_API_SECRET; RUNWAYML_BASE_URL).
 * VIDEO_PROVIDER_MAPPING overrides the model table.
 */
export function engineFromEnv(env: ApiEnv): VideoEngine {
  if (env.VIDEO_ENGINE === 'local') return new LocalEngine();
  const hosted = (adapter: FalAdapter | RunwayAdapter) =>
    new HostedEngine(adapter, {
      ...DEFAULT_HOSTED_OPTIONS,
      mapping: checkedMapping(adapter.name, env.VIDEO_PROVIDER_MAPPING),
      webhookBase: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
      log: providerLog,
    });
  if (env.VIDEO_ENGINE === 'fal') {
    return hosted(
      new FalAdapter({
        key: env.FAL_KEY ?? '',
        ...(env.FAL_QUEUE_URL ? { queueUrl: env.FAL_QUEUE_URL } : {}),
        ...(env.FAL_JWKS_URL ? { jwksUrl: env.FAL_JWKS_URL } : {}),
      }),
    );
  }
  return hosted(new RunwayAdapter({ apiKey: env.RUNWAYML_API_SECRET ?? '', ...(env.RUNWAYML_BASE_URL ? { baseURL: env.RUNWAYML_BASE_URL } : {}) }));
}

/** Worker settings for the engine: hosted jobs mostly wait, and the provider limits how many run. */
export function workerOptionsFromEnv(engine: VideoEngine, env: ApiEnv): Partial<WorkerOptions> {
  if (engine.name === 'local') return { concurrency: env.WORKER_CONCURRENCY };
  return {
    concurrency: Math.max(env.WORKER_CONCURRENCY, env.PROVIDER_MAX_IN_FLIGHT),
    maxInFlight: env.PROVIDER_MAX_IN_FLIGHT,
    jobTimeoutMs: env.PROVIDER_JOB_TIMEOUT_SECONDS * 1000,
  };
}

/** SMTP when SMTP_URL is set (MAIL_FROM says who mail comes from); otherwise mail stays in the outbox table. */
export function mailTransport(env: ApiEnv): MailTransport | null {
  return env.SMTP_URL && env.MAIL_FROM ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : null;
}

/**
 * Where the release tooling keeps releases, the pointer and its history, decided by the same module as the CLI's
 * and `npm start`'s (releaseConfig in @reelmint/release: RELEASES_DIR, REMOTES_POINTER, REMOTES_HISTORY, relative to the
 * repository root, and REMOTES_POINTER_STORE); a pointer in the database is in this API's own database.
 */
export function releaseFilesFromEnv(env: ApiEnv): ReleaseStoreConfig {
  const { releasesDir, pointerFile, historyFile } = releaseConfig({
    RELEASES_DIR: env.RELEASES_DIR,
    REMOTES_POINTER: env.REMOTES_POINTER,
    REMOTES_HISTORY: env.REMOTES_HISTORY,
  });
  return {
    releasesDir,
    pointerFile,
    historyFile,
    pointerStore: env.REMOTES_POINTER_STORE,
    databaseUrl: env.DATABASE_URL,
    sqlitePath: resolve(env.DATA_DIR, SQLITE_FILE),
  };
}

/** buildApp options from the settings (see README "Environment"). */
export function optionsFromEnv(env: ApiEnv, database: Database): BuildOptions {
  const engine = engineFromEnv(env);
  const minute = 60_000;
  return {
    database,
    dataDir: env.DATA_DIR,
    jwtSecret: jwtSecret(env.DATA_DIR, env.JWT_SECRET),
    accessTokenTtlSeconds: env.JWT_TTL_SECONDS,
    google: env.GOOGLE_CLIENT_ID ? createGoogleVerifier(env.GOOGLE_CLIENT_ID) : null,
    payments: paymentProvider(env),
    storage: storageFromEnv(env),
    mailTransport: mailTransport(env),
    siteOrigin: env.SITE_ORIGIN,
    siteOrigins: env.SITE_ORIGINS,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    rateLimits: {
      auth: { max: env.RATE_LIMIT_AUTH, timeWindow: minute },
      generate: { max: env.RATE_LIMIT_GENERATE, timeWindow: minute },
      passwordReset: { max: env.RATE_LIMIT_PASSWORD_RESET, timeWindow: 15 * minute },
      checkout: { max: env.RATE_LIMIT_CHECKOUT, timeWindow: 10 * minute },
    },
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    loginLockout: { perAccount: env.LOGIN_LOCKOUT_ACCOUNT, perAddress: env.LOGIN_LOCKOUT_ADDRESS },
    ...(env.PROMPT_ENHANCER_URL && env.PROMPT_ENHANCER_MODEL
      ? {
          promptEnhancer: {
            url: env.PROMPT_ENHANCER_URL,
            model: env.PROMPT_ENHANCER_MODEL,
            ...(env.PROMPT_ENHANCER_KEY ? { key: env.PROMPT_ENHANCER_KEY } : {}),
          },
        }
      : {}),
    shareLimits: {
      publish: { max: env.RATE_LIMIT_SHARE, timeWindow: minute },
      view: { max: env.RATE_LIMIT_SHARE_VIEWS, timeWindow: minute },
    },
    uploadLimits: { quotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024, perMinute: env.RATE_LIMIT_UPLOAD },
    releaseFiles: releaseFilesFromEnv(env),
    canaryGuard: env.CANARY_GUARD ? { intervalMs: env.CANARY_GUARD_INTERVAL_SECONDS * 1000 } : false,
    telemetry: {
      rateLimit: { max: env.RATE_LIMIT_TELEMETRY, timeWindow: minute },
      retentionDays: env.TELEMETRY_RETENTION_DAYS,
    },
    engine,
    worker: env.RUN_WORKER ? workerOptionsFromEnv(engine, env) : false,
    maxActiveJobsPerUser: env.MAX_ACTIVE_JOBS,
    renderSlots: engine.name === 'local' ? env.WORKER_CONCURRENCY : env.PROVIDER_MAX_IN_FLIGHT,
    renderTemplatePreviews: env.TEMPLATE_PREVIEWS,
    trustProxy: env.TRUST_PROXY,
    logger: { level: env.LOG_LEVEL },
    metricsAccess: { allow: env.METRICS_ALLOW, ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}) },
  };
}
