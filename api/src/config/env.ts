import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PORTS } from '@reelmint/contract/remotes';
import { DEFAULT_WORKER_OPTIONS } from '../videos/worker.ts';
import { allowList, DEFAULT_METRICS_ALLOW } from '../ops/access.ts';
import { checkedMapping } from '../videos/providers/checked-mapping.ts';
import { LOCAL_SITE_ORIGIN, LOCAL_SITE_ORIGINS } from './local-site.ts';

/**
 * Every variable the API and its worker read, parsed once, at start, by one schema (api/README "Environment" lists
 * them with their defaults and meaning). No other module of the API reads process.env (the release package, which runs
 * the dashboard's commands, reads its own variables: RELEASING.md). A value that cannot be used stops the start with a
 * sentence naming the variable, every such problem at once; an empty value counts as unset.
 */

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

/** What every variable is, as raw text in; a field is made knowing its variable's name, so its refusals can say it. */
type Field<T> = (name: string) => z.ZodType<T, string | undefined>;

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/** Free text; unset (or empty) gives the fallback. */
function text(): Field<string | undefined>;
function text(fallback: string): Field<string>;
function text(fallback?: string): Field<string | undefined> {
  return () =>
    z
      .string()
      .optional()
      .transform((value) => (given(value) ? value : fallback));
}

function positiveInt(fallback: number): Field<number> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return fallback;
        const n = Number(value);
        return Number.isInteger(n) && n > 0 ? n : refuse(ctx, `${name} must be a positive integer, got "${value}"`);
      });
}

/** One of a few words; `fallback` undefined means the variable may stay unset. */
function oneOf<const T extends string>(words: readonly T[], fallback: T): Field<T>;
function oneOf<const T extends string>(words: readonly T[]): Field<T | undefined>;
function oneOf<const T extends string>(words: readonly T[], fallback?: T): Field<T | undefined> {
  const listed = `${words.slice(0, -1).join(', ')}${words.length > 1 ? ' or ' : ''}${words.at(-1)}${fallback === undefined ? ' or unset' : ''}`;
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return fallback;
        return (words as readonly string[]).includes(value) ? (value as T) : refuse(ctx, `${name} must be ${listed}, got "${value}"`);
      });
}

/** A switch written as one of two words (`true`/`false`, `on`/`off`). */
function flag(on: string, off: string, fallback: boolean): Field<boolean> {
  return (name) => oneOf([on, off] as const, fallback ? on : off)(name).transform((word) => word === on);
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function httpUrl(): Field<string | undefined>;
function httpUrl(fallback: string): Field<string>;
function httpUrl(fallback?: string): Field<string | undefined> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return fallback;
        return isHttpUrl(value) ? value : refuse(ctx, `${name} must be an http(s) URL, got "${value}"`);
      });
}

/** The non-empty items of a comma-separated value, trimmed. */
function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Comma-separated http(s) origins. */
function origins(fallback: string[]): Field<string[]> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return fallback;
        const items = commaList(value);
        const bad = items.find((item) => !isHttpUrl(item));
        return bad === undefined ? items : refuse(ctx, `${name} must list http(s) origins separated by commas, got "${bad}"`);
      });
}

/** A JSON object (VIDEO_PROVIDER_MAPPING). */
function jsonObject(example: string): Field<Readonly<Record<string, unknown>> | undefined> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return undefined;
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          return refuse(ctx, `${name} must be JSON, e.g. ${example}`);
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse(ctx, `${name} must be a JSON object, e.g. ${example}`);
        return parsed as Record<string, unknown>;
      });
}

/** Comma-separated IP addresses and subnets (METRICS_ALLOW). */
function addresses(fallback: string[]): Field<string[]> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!given(value)) return fallback;
        const items = commaList(value);
        try {
          allowList(items);
          return items;
        } catch (error) {
          return refuse(ctx, `${name} must list IP addresses or subnets separated by commas: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const FIELDS = {
  // Where it listens and keeps its data.
  PORT: positiveInt(PORTS.api),
  HOST: text('127.0.0.1'),
  DATA_DIR: text(DEFAULT_DATA_DIR),
  DATABASE_URL: text(),
  S3_BUCKET: text(),
  S3_ENDPOINT: text(),
  S3_REGION: text(),
  AWS_REGION: text(),
  S3_FORCE_PATH_STYLE: flag('true', 'false', false),
  // Sessions and the site it serves.
  JWT_SECRET: text(),
  JWT_TTL_SECONDS: positiveInt(24 * 60 * 60),
  SITE_ORIGIN: httpUrl(LOCAL_SITE_ORIGIN),
  SITE_ORIGINS: origins(LOCAL_SITE_ORIGINS),
  PUBLIC_URL: httpUrl(),
  GOOGLE_CLIENT_ID: text(),
  TRUST_PROXY: flag('true', 'false', false),
  TEST_ONLY_PASSWORD_HASHING: oneOf(['low']),
  NODE_ENV: text(),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  // Operating: who reads /metrics, how long a stopping process finishes what it serves.
  METRICS_ALLOW: addresses(DEFAULT_METRICS_ALLOW),
  METRICS_TOKEN: text(),
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  // Payments and mail.
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_API_BASE: httpUrl(),
  ALLOW_TEST_CHECKOUT: flag('true', 'false', false),
  SMTP_URL: text(),
  MAIL_FROM: text(),
  // Limits.
  RATE_LIMIT_AUTH: positiveInt(10),
  RATE_LIMIT_GENERATE: positiveInt(20),
  RATE_LIMIT_PASSWORD_RESET: positiveInt(5),
  RATE_LIMIT_CHECKOUT: positiveInt(10),
  RATE_LIMIT_UPLOAD: positiveInt(10),
  RATE_LIMIT_SHARE: positiveInt(20),
  RATE_LIMIT_SHARE_VIEWS: positiveInt(60),
  RATE_LIMIT_TELEMETRY: positiveInt(60),
  REDIS_URL: text(),
  LOGIN_LOCKOUT_ACCOUNT: positiveInt(10),
  LOGIN_LOCKOUT_ADDRESS: positiveInt(30),
  UPLOAD_QUOTA_MB: positiveInt(50),
  MAX_ACTIVE_JOBS: positiveInt(4),
  // Videos.
  VIDEO_ENGINE: oneOf(['local', 'fal', 'runway'], 'local'),
  FFMPEG_PATH: text(),
  FAL_KEY: text(),
  FAL_QUEUE_URL: text(),
  FAL_JWKS_URL: text(),
  RUNWAYML_API_SECRET: text(),
  RUNWAYML_BASE_URL: text(),
  VIDEO_PROVIDER_MAPPING: jsonObject('{"fal":{"routes":{"v2.0":{"text":{"model":"…"}}}}}'),
  RUN_WORKER: flag('true', 'false', true),
  WORKER_CONCURRENCY: positiveInt(DEFAULT_WORKER_OPTIONS.concurrency),
  PROVIDER_MAX_IN_FLIGHT: positiveInt(4),
  PROVIDER_JOB_TIMEOUT_SECONDS: positiveInt(900),
  TEMPLATE_PREVIEWS: flag('on', 'off', true),
  PROMPT_ENHANCER_URL: httpUrl(),
  PROMPT_ENHANCER_MODEL: text(),
  PROMPT_ENHANCER_KEY: text(),
  // Releases (the same variables the release tooling reads).
  RELEASES_DIR: text(),
  REMOTES_POINTER: text(),
  REMOTES_HISTORY: text(),
  REMOTES_POINTER_STORE: oneOf(['file', 'database'], 'file'),
  TELEMETRY_RETENTION_DAYS: positiveInt(14),
  CANARY_GUARD: flag('on', 'off', true),
  CANARY_GUARD_INTERVAL_SECONDS: positiveInt(15),
} satisfies Record<string, Field<unknown>>;

type Fields = typeof FIELDS;
const variables = z.object(
  Object.fromEntries(Object.entries(FIELDS).map(([name, field]) => [name, field(name)])) as { [K in keyof Fields]: ReturnType<Fields[K]> },
);

/** Rules across variables, checked once each variable is usable on its own. */
const schema = variables.superRefine((env, ctx) => {
  const problem = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = env.NODE_ENV === 'production';
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) problem('STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  // The local provider grants plans without taking money: a production site must not fall back to it because a key is
  // missing. A staging site that wants it says so.
  if (!env.STRIPE_SECRET_KEY && production && !env.ALLOW_TEST_CHECKOUT) {
    problem(
      'STRIPE_SECRET_KEY',
      'STRIPE_SECRET_KEY is not set and NODE_ENV is production: refusing to run the test checkout (set ALLOW_TEST_CHECKOUT=true for a staging site)',
    );
  }
  if (env.TEST_ONLY_PASSWORD_HASHING && production) {
    problem('TEST_ONLY_PASSWORD_HASHING', 'TEST_ONLY_PASSWORD_HASHING is for test runs: refusing to hash passwords at a test cost with NODE_ENV=production');
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) problem('JWT_SECRET', 'JWT_SECRET must be at least 32 characters');
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < 16) problem('METRICS_TOKEN', 'METRICS_TOKEN must be at least 16 characters');
  if (env.SMTP_URL && !env.MAIL_FROM) problem('MAIL_FROM', 'MAIL_FROM is required with SMTP_URL (for example "Reelmint <no-reply@example.com>")');
  if (env.PROMPT_ENHANCER_URL && !env.PROMPT_ENHANCER_MODEL) problem('PROMPT_ENHANCER_MODEL', 'PROMPT_ENHANCER_MODEL is required with PROMPT_ENHANCER_URL');
  if (env.VIDEO_ENGINE === 'fal' && !env.FAL_KEY) problem('FAL_KEY', 'FAL_KEY is required with VIDEO_ENGINE=fal');
  if (env.VIDEO_ENGINE === 'runway' && !env.RUNWAYML_API_SECRET) problem('RUNWAYML_API_SECRET', 'RUNWAYML_API_SECRET is required with VIDEO_ENGINE=runway');
  if (env.VIDEO_ENGINE !== 'local') {
    try {
      checkedMapping(env.VIDEO_ENGINE, env.VIDEO_PROVIDER_MAPPING);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problem('VIDEO_PROVIDER_MAPPING', message.startsWith('VIDEO_PROVIDER_MAPPING') ? message : `VIDEO_PROVIDER_MAPPING cannot be used: ${message}`);
    }
  }
});

/** The API's settings, typed: numbers, switches, lists and words as the variables mean them, defaults filled in. */
export type ApiEnv = z.output<typeof schema>;

/** A configuration the API cannot start with; the message names every variable at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The API cannot start with this configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const problemsOf = (error: z.ZodError) => error.issues.map((issue) => issue.message);

/** Reads the environment through the schema; throws ConfigError listing every problem. */
export function parseEnv(raw: Readonly<Record<string, string | undefined>> = process.env): ApiEnv {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error));
  return parsed.data;
}

/**
 * The settings of a process that is starting (the API, a lone worker): a configuration it cannot run with ends it,
 * exit code 1, with one sentence per variable at fault on stderr and no stack trace.
 */
export function startupEnv(): ApiEnv {
  try {
    return parseEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return process.exit(1);
  }
}
