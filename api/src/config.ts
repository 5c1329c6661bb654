import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGoogleVerifier } from './accounts/google.ts';
import { PASSWORD_HASHING, TEST_PASSWORD_HASHING } from './accounts/passwords.ts';
import type { HashingCost } from './accounts/passwords.ts';
import type { BuildOptions } from './app.ts';
import { LOCAL_SITE_ORIGIN, LOCAL_SITE_ORIGINS } from './app.ts';
import { openDatabase } from './db/database.ts';
import type { Database } from './db/database.ts';
import { localProvider } from './payments/provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { smtpTransport } from './mail/transport.ts';
import type { MailTransport } from './mail/transport.ts';
import { stripeProvider } from './payments/stripe-provider.ts';
import { LocalStorage } from './storage/local-storage.ts';
import { S3Storage } from './storage/s3-storage.ts';
import type { MediaStorage } from './storage/storage.ts';
import type { VideoEngine } from './videos/engine.ts';
import { LocalEngine } from './videos/local-engine.ts';
import { FAL_ENDPOINTS, FalAdapter } from './videos/providers/fal.ts';
import { RUNWAY_MODELS, RunwayAdapter } from './videos/providers/runway.ts';
import { DEFAULT_HOSTED_OPTIONS, HostedEngine } from './videos/providers/hosted-engine.ts';
import { providerMapping } from './videos/providers/mapping.ts';
import type { ProviderMapping } from './videos/providers/mapping.ts';
import { DEFAULT_WORKER_OPTIONS } from './videos/worker.ts';
import type { WorkerOptions } from './videos/worker.ts';
import type { ReleaseStoreConfig } from './release/release-files.ts';
import { SQLITE_FILE, releaseConfig } from '../../scripts/release/config.mjs';
import { PORTS } from '@reelmint/contract/remotes';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));

export interface EnvConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
}

const list = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  return {
    port: positiveInt('PORT', env.PORT, PORTS.api),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

export async function openConfiguredDatabase(config: EnvConfig): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: join(config.dataDir, SQLITE_FILE) });
}

/**
 * JWT_SECRET when given; otherwise a random secret kept in the data folder, so sign-ins survive
 * a restart without anyone having to configure anything.
 */
export function jwtSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return env.JWT_SECRET;
  }
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

export function paymentProvider(env: NodeJS.ProcessEnv): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) {
    // The local provider grants plans without taking money: a production site must not fall back
    // to it because a key is missing. A staging site that wants it says so.
    if (env.NODE_ENV === 'production' && env.ALLOW_TEST_CHECKOUT !== 'true') {
      throw new Error(
        'STRIPE_SECRET_KEY is not set and NODE_ENV is production: refusing to run the test checkout (set ALLOW_TEST_CHECKOUT=true for a staging site)',
      );
    }
    return localProvider();
  }
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  return stripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
  });
}

/**
 * The cost of new password hashes: argon2id at PASSWORD_HASHING, always, unless a test run asks for the low test cost
 * with TEST_ONLY_PASSWORD_HASHING=low (the e2e suite's API: every sign-up there would otherwise cost about half a
 * second of CPU). Refused under NODE_ENV=production, so a live site cannot be started with cheap hashes.
 */
export function passwordHashingFromEnv(env: NodeJS.ProcessEnv = process.env): HashingCost {
  const value = env.TEST_ONLY_PASSWORD_HASHING;
  if (value === undefined || value === '') return PASSWORD_HASHING;
  if (value !== 'low') throw new Error(`TEST_ONLY_PASSWORD_HASHING must be low or unset, got "${value}"`);
  if (env.NODE_ENV === 'production')
    throw new Error('TEST_ONLY_PASSWORD_HASHING is for test runs: refusing to hash passwords at a test cost with NODE_ENV=production');
  return TEST_PASSWORD_HASHING;
}

/**
 * S3_BUCKET selects a bucket (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE for S3-compatible
 * servers; credentials from the SDK's usual AWS_* variables); otherwise the data folder.
 */
export function storageFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): MediaStorage {
  if (!env.S3_BUCKET) return new LocalStorage(dataDir);
  return new S3Storage({
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
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
export function engineFromEnv(env: NodeJS.ProcessEnv = process.env): VideoEngine {
  const name = env.VIDEO_ENGINE || 'local';
  if (name === 'local') return new LocalEngine();
  const hosted = (adapter: FalAdapter | RunwayAdapter) =>
    new HostedEngine(adapter, {
      ...DEFAULT_HOSTED_OPTIONS,
      mapping: mappedModels(adapter.name, providerMapping(adapter.name, env.VIDEO_PROVIDER_MAPPING)),
      webhookBase: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
      log: providerLog,
    });
  if (name === 'fal') {
    if (!env.FAL_KEY) throw new Error('FAL_KEY is required with VIDEO_ENGINE=fal');
    return hosted(
      new FalAdapter({
        key: env.FAL_KEY,
        ...(env.FAL_QUEUE_URL ? { queueUrl: env.FAL_QUEUE_URL } : {}),
        ...(env.FAL_JWKS_URL ? { jwksUrl: env.FAL_JWKS_URL } : {}),
      }),
    );
  }
  if (name === 'runway') {
    if (!env.RUNWAYML_API_SECRET) throw new Error('RUNWAYML_API_SECRET is required with VIDEO_ENGINE=runway');
    return hosted(new RunwayAdapter({ apiKey: env.RUNWAYML_API_SECRET, ...(env.RUNWAYML_BASE_URL ? { baseURL: env.RUNWAYML_BASE_URL } : {}) }));
  }
  throw new Error(`VIDEO_ENGINE must be local, fal or runway, got "${name}"`);
}

/**
 * The table with every model checked against those the adapter builds typed requests for (a request
 * is built from the provider SDK's own types): a deployment that maps to another model hears so at start.
 */
function mappedModels(provider: 'fal' | 'runway', mapping: ProviderMapping): ProviderMapping {
  const supported = provider === 'fal' ? FAL_ENDPOINTS : RUNWAY_MODELS;
  for (const [model, modes] of Object.entries(mapping.routes)) {
    for (const [mode, route] of Object.entries(modes)) {
      const allowed: readonly string[] = mode === 'image' ? supported.image : supported.text;
      if (!allowed.includes(route.model)) {
        throw new Error(
          `VIDEO_PROVIDER_MAPPING: ${provider} ${model} ${mode} maps to "${route.model}"; this site sends ${mode} videos to ${allowed.join(' or ')}`,
        );
      }
    }
  }
  return mapping;
}

/** Worker settings for the engine: hosted jobs mostly wait, and the provider limits how many run. */
export function workerOptionsFromEnv(engine: VideoEngine, env: NodeJS.ProcessEnv = process.env): Partial<WorkerOptions> {
  const concurrency = positiveInt('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, DEFAULT_WORKER_OPTIONS.concurrency);
  if (engine.name === 'local') return { concurrency };
  const maxInFlight = positiveInt('PROVIDER_MAX_IN_FLIGHT', env.PROVIDER_MAX_IN_FLIGHT, 4);
  return {
    concurrency: Math.max(concurrency, maxInFlight),
    maxInFlight,
    jobTimeoutMs: positiveInt('PROVIDER_JOB_TIMEOUT_SECONDS', env.PROVIDER_JOB_TIMEOUT_SECONDS, 900) * 1000,
  };
}

/** SMTP when SMTP_URL is set (MAIL_FROM says who mail comes from); otherwise mail stays in the outbox table. */
export function mailTransport(env: NodeJS.ProcessEnv): MailTransport | null {
  if (!env.SMTP_URL) return null;
  if (!env.MAIL_FROM) throw new Error('MAIL_FROM is required with SMTP_URL (for example "Reelmint <no-reply@example.com>")');
  return smtpTransport(env.SMTP_URL, env.MAIL_FROM);
}

/**
 * Where the release tooling keeps releases, the pointer and its history, decided by the same module as the CLI's
 * and `npm start`'s (scripts/release/config.mjs: RELEASES_DIR, REMOTES_POINTER, REMOTES_HISTORY, relative to the
 * repository root, and REMOTES_POINTER_STORE); a pointer in the database is in this API's own database.
 */
export function releaseFilesFromEnv(config: EnvConfig, env: NodeJS.ProcessEnv): ReleaseStoreConfig {
  const { releasesDir, pointerFile, historyFile, pointerStore } = releaseConfig(env);
  return { releasesDir, pointerFile, historyFile, pointerStore, databaseUrl: config.databaseUrl, sqlitePath: resolve(config.dataDir, SQLITE_FILE) };
}

/** buildApp options from the environment (see README "Environment"). */
export function optionsFromEnv(config: EnvConfig, database: Database, env: NodeJS.ProcessEnv = process.env): BuildOptions {
  const engine = engineFromEnv(env);
  return {
    database,
    dataDir: config.dataDir,
    jwtSecret: jwtSecret(config.dataDir, env),
    accessTokenTtlSeconds: positiveInt('JWT_TTL_SECONDS', env.JWT_TTL_SECONDS, 24 * 60 * 60),
    google: env.GOOGLE_CLIENT_ID ? createGoogleVerifier(env.GOOGLE_CLIENT_ID) : null,
    payments: paymentProvider(env),
    storage: storageFromEnv(config.dataDir, env),
    mailTransport: mailTransport(env),
    siteOrigin: env.SITE_ORIGIN || LOCAL_SITE_ORIGIN,
    siteOrigins: list(env.SITE_ORIGINS) ?? LOCAL_SITE_ORIGINS,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    rateLimits: {
      auth: { max: positiveInt('RATE_LIMIT_AUTH', env.RATE_LIMIT_AUTH, 10), timeWindow: 60_000 },
      generate: { max: positiveInt('RATE_LIMIT_GENERATE', env.RATE_LIMIT_GENERATE, 20), timeWindow: 60_000 },
      passwordReset: { max: positiveInt('RATE_LIMIT_PASSWORD_RESET', env.RATE_LIMIT_PASSWORD_RESET, 5), timeWindow: 15 * 60_000 },
      checkout: { max: positiveInt('RATE_LIMIT_CHECKOUT', env.RATE_LIMIT_CHECKOUT, 10), timeWindow: 10 * 60_000 },
    },
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    loginLockout: {
      perAccount: positiveInt('LOGIN_LOCKOUT_ACCOUNT', env.LOGIN_LOCKOUT_ACCOUNT, 10),
      perAddress: positiveInt('LOGIN_LOCKOUT_ADDRESS', env.LOGIN_LOCKOUT_ADDRESS, 30),
    },
    shareLimits: {
      publish: { max: positiveInt('RATE_LIMIT_SHARE', env.RATE_LIMIT_SHARE, 20), timeWindow: 60_000 },
      view: { max: positiveInt('RATE_LIMIT_SHARE_VIEWS', env.RATE_LIMIT_SHARE_VIEWS, 60), timeWindow: 60_000 },
    },
    uploadLimits: {
      quotaBytes: positiveInt('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 50) * 1024 * 1024,
      perMinute: positiveInt('RATE_LIMIT_UPLOAD', env.RATE_LIMIT_UPLOAD, 10),
    },
    releaseFiles: releaseFilesFromEnv(config, env),
    canaryGuard:
      env.CANARY_GUARD === 'off' ? false : { intervalMs: positiveInt('CANARY_GUARD_INTERVAL_SECONDS', env.CANARY_GUARD_INTERVAL_SECONDS, 15) * 1000 },
    telemetry: {
      rateLimit: { max: positiveInt('RATE_LIMIT_TELEMETRY', env.RATE_LIMIT_TELEMETRY, 60), timeWindow: 60_000 },
      retentionDays: positiveInt('TELEMETRY_RETENTION_DAYS', env.TELEMETRY_RETENTION_DAYS, 14),
    },
    engine,
    worker: env.RUN_WORKER === 'false' ? false : workerOptionsFromEnv(engine, env),
    maxActiveJobsPerUser: positiveInt('MAX_ACTIVE_JOBS', env.MAX_ACTIVE_JOBS, 3),
    renderTemplatePreviews: env.TEMPLATE_PREVIEWS !== 'off',
    trustProxy: env.TRUST_PROXY === 'true',
    logger: { level: env.LOG_LEVEL || 'info' },
  };
}
