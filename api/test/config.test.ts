import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASHING } from '../src/accounts/passwords.ts';
import { ConfigError, parseEnv } from '../src/config/env.ts';
import { engineFromEnv, optionsFromEnv, passwordHashing, paymentProvider, workerOptionsFromEnv } from '../src/config/options.ts';
import { stripeConnection } from '../src/payments/stripe-provider.ts';
import type { Database } from '../src/db/database.ts';

describe('the API configuration from the environment', () => {
  it('listens on the API port of the local site unless PORT says otherwise, and refuses a port that is not a number', () => {
    expect(parseEnv({}).PORT).toBe(8787);
    expect(parseEnv({ PORT: '9100' }).PORT).toBe(9100);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow('PORT must be a positive integer, got "eighty"');
  });

  it('lets the shell and the remotes of a local run call it, and sends checkout back to the local shell, unless told otherwise', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'reelmint-config-'));
    try {
      // The options only hold the database; nothing here opens or queries it.
      const database = {} as Database;
      const local = optionsFromEnv(parseEnv({ DATA_DIR: dataDir }), database);
      expect(local.siteOrigin).toBe('http://localhost:5173');
      expect(local.siteOrigins).toEqual([
        'http://localhost:5173',
        'http://127.0.0.1:5173',
        'http://localhost:5174',
        'http://127.0.0.1:5174',
        'http://localhost:5175',
        'http://127.0.0.1:5175',
        'http://localhost:5176',
        'http://127.0.0.1:5176',
      ]);
      const hosted = optionsFromEnv(
        parseEnv({ DATA_DIR: dataDir, SITE_ORIGIN: 'https://reelmint.example', SITE_ORIGINS: 'https://reelmint.example, https://cdn.example' }),
        database,
      );
      expect(hosted.siteOrigin).toBe('https://reelmint.example');
      expect(hosted.siteOrigins).toEqual(['https://reelmint.example', 'https://cdn.example']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('TEST_ONLY_PASSWORD_HASHING', () => {
  it('hashes new passwords as argon2id at 64 MiB, three passes and four lanes unless a test run asks for less', () => {
    expect(PASSWORD_HASHING).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(passwordHashing(parseEnv({}))).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(passwordHashing(parseEnv({ TEST_ONLY_PASSWORD_HASHING: '' }))).toEqual(PASSWORD_HASHING);
    expect(passwordHashing(parseEnv({ NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'true' }))).toEqual(PASSWORD_HASHING);
  });

  it('lets a test run hash at one pass over 64 KiB', () => {
    expect(passwordHashing(parseEnv({ TEST_ONLY_PASSWORD_HASHING: 'low' }))).toEqual({ memoryCost: 64, timeCost: 1, parallelism: 1 });
    expect(passwordHashing(parseEnv({ TEST_ONLY_PASSWORD_HASHING: 'low', NODE_ENV: 'test' }))).toEqual({ memoryCost: 64, timeCost: 1, parallelism: 1 });
  });

  it('refuses to start with the test cost under NODE_ENV=production, and refuses any other value', () => {
    expect(() => parseEnv({ TEST_ONLY_PASSWORD_HASHING: 'low', NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'true' })).toThrow(
      'TEST_ONLY_PASSWORD_HASHING is for test runs: refusing to hash passwords at a test cost with NODE_ENV=production',
    );
    expect(() => parseEnv({ TEST_ONLY_PASSWORD_HASHING: 'true' })).toThrow('TEST_ONLY_PASSWORD_HASHING must be low or unset, got "true"');
  });
});

describe('WORKER_CONCURRENCY', () => {
  const HOSTED = { VIDEO_ENGINE: 'fal', FAL_KEY: 'test-key' };
  const local = engineFromEnv(parseEnv({}));
  const hosted = engineFromEnv(parseEnv(HOSTED));

  it('renders two jobs at once per worker unless set', () => {
    expect(workerOptionsFromEnv(local, parseEnv({}))).toEqual({ concurrency: 2 });
    expect(workerOptionsFromEnv(local, parseEnv({ WORKER_CONCURRENCY: '' }))).toEqual({ concurrency: 2 });
    expect(workerOptionsFromEnv(local, parseEnv({ WORKER_CONCURRENCY: '5' }))).toEqual({ concurrency: 5 });
  });

  it('lets a hosted engine keep as many jobs in flight as its provider allows, whichever is larger', () => {
    expect(workerOptionsFromEnv(hosted, parseEnv({ ...HOSTED, WORKER_CONCURRENCY: '2', PROVIDER_MAX_IN_FLIGHT: '6' }))).toMatchObject({
      concurrency: 6,
      maxInFlight: 6,
    });
    expect(workerOptionsFromEnv(hosted, parseEnv({ ...HOSTED, WORKER_CONCURRENCY: '8', PROVIDER_MAX_IN_FLIGHT: '6' }))).toMatchObject({
      concurrency: 8,
      maxInFlight: 6,
    });
  });

  it.each(['0', '-1', '2.5', 'two'])('refuses %s, naming the variable', (value) => {
    for (const engine of [{}, HOSTED]) {
      expect(() => parseEnv({ ...engine, WORKER_CONCURRENCY: value })).toThrow(`WORKER_CONCURRENCY must be a positive integer, got "${value}"`);
    }
  });
});

describe('VIDEO_PROVIDER_MAPPING', () => {
  it('refuses at start a model the adapter builds no request for, and takes one it does', () => {
    const mapping = (model: string) => JSON.stringify({ runway: { routes: { 'v1.0': { image: { model } } } } });
    expect(() => parseEnv({ VIDEO_ENGINE: 'runway', RUNWAYML_API_SECRET: 'k', VIDEO_PROVIDER_MAPPING: mapping('veo3.1') })).toThrow(
      'VIDEO_PROVIDER_MAPPING: runway v1.0 image maps to "veo3.1"; this site sends image videos to gen4.5 or gen4_turbo',
    );
    expect(engineFromEnv(parseEnv({ VIDEO_ENGINE: 'runway', RUNWAYML_API_SECRET: 'k', VIDEO_PROVIDER_MAPPING: mapping('gen4.5') })).name).toBe('runway');
    const fal = JSON.stringify({ fal: { routes: { 'v2.0': { text: { model: 'fal-ai/some/other-model' } } } } });
    expect(() => parseEnv({ VIDEO_ENGINE: 'fal', FAL_KEY: 'k', VIDEO_PROVIDER_MAPPING: fal })).toThrow(/fal v2.0 text maps to "fal-ai\/some\/other-model"/);
  });
});

describe('STRIPE_API_BASE', () => {
  it("points the SDK's client at another Stripe-compatible server by host, port and protocol, and refuses what is not a URL", () => {
    expect(stripeConnection('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeConnection('https://stripe.internal.example')).toEqual({ host: 'stripe.internal.example', port: 443, protocol: 'https' });
    expect(() => stripeConnection('ftp://x')).toThrow('STRIPE_API_BASE must be an http(s) URL, got "ftp://x"');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'ftp://x' })).toThrow(
      'STRIPE_API_BASE must be an http(s) URL, got "ftp://x"',
    );
    expect(
      paymentProvider(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).name,
    ).toBe('stripe');
  });
});

describe('a configuration the API cannot run with', () => {
  it('is refused as a whole: every variable at fault is named at once, each with what it must be', () => {
    const env = { PORT: '0', TRUST_PROXY: 'yes', SITE_ORIGINS: 'https://reelmint.example,reelmint.example', LOG_LEVEL: 'loud', VIDEO_ENGINE: 'luma' };
    let refusal: unknown;
    try {
      parseEnv(env);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).problems).toEqual([
      'PORT must be a positive integer, got "0"',
      'SITE_ORIGINS must list http(s) origins separated by commas, got "reelmint.example"',
      'TRUST_PROXY must be true or false, got "yes"',
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got "loud"',
      'VIDEO_ENGINE must be local, fal or runway, got "luma"',
    ]);
  });

  it('names the partner a variable needs, and the secret that is too short', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual(['MAIL_FROM is required with SMTP_URL (for example "Reelmint <no-reply@example.com>")']);
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual(['STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY']);
    expect(problems({ VIDEO_ENGINE: 'fal' })).toEqual(['FAL_KEY is required with VIDEO_ENGINE=fal']);
    expect(problems({ VIDEO_ENGINE: 'runway' })).toEqual(['RUNWAYML_API_SECRET is required with VIDEO_ENGINE=runway']);
    expect(problems({ JWT_SECRET: 'short' })).toEqual(['JWT_SECRET must be at least 32 characters']);
    expect(problems({ VIDEO_ENGINE: 'fal', FAL_KEY: 'k', VIDEO_PROVIDER_MAPPING: '{"fal":' })[0]).toMatch(/^VIDEO_PROVIDER_MAPPING must be JSON/);
    expect(problems({ VIDEO_ENGINE: 'fal', FAL_KEY: 'k', VIDEO_PROVIDER_MAPPING: '[]' })[0]).toMatch(/^VIDEO_PROVIDER_MAPPING must be a JSON object/);
  });

  it('reads an empty variable as unset and a switch only as its two words', () => {
    const env = parseEnv({ PORT: '', HOST: '', TRUST_PROXY: '', RUN_WORKER: 'false', TEMPLATE_PREVIEWS: 'off', CANARY_GUARD: 'on', LOG_LEVEL: '' });
    expect(env).toMatchObject({ PORT: 8787, HOST: '127.0.0.1', TRUST_PROXY: false, RUN_WORKER: false, TEMPLATE_PREVIEWS: false, CANARY_GUARD: true });
    expect(env.LOG_LEVEL).toBe('info');
    expect(parseEnv({}).RUN_WORKER).toBe(true);
    expect(parseEnv({}).TEMPLATE_PREVIEWS).toBe(true);
  });

  it('stops the API at start with those sentences on stderr, exit code 1 and no stack trace', async () => {
    const apiDir = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a positive integer, got "eighty"');
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
