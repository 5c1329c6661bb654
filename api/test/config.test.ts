import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASHING } from '../src/accounts/passwords.ts';
import { engineFromEnv, optionsFromEnv, passwordHashingFromEnv, paymentProvider, readEnv, workerOptionsFromEnv } from '../src/config.ts';
import { stripeConnection } from '../src/payments/stripe-provider.ts';
import type { Database } from '../src/db/database.ts';

describe('the API configuration from the environment', () => {
  it('listens on the API port of the local site unless PORT says otherwise, and refuses a port that is not a number', () => {
    expect(readEnv({}).port).toBe(8787);
    expect(readEnv({ PORT: '9100' }).port).toBe(9100);
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('PORT must be a positive integer, got "eighty"');
  });

  it('lets the shell and the remotes of a local run call it, and sends checkout back to the local shell, unless told otherwise', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'reelmint-config-'));
    try {
      const config = { port: 8787, host: '127.0.0.1', dataDir, databaseUrl: undefined };
      // The options only hold the database; nothing here opens or queries it.
      const database = {} as Database;
      const local = optionsFromEnv(config, database, {});
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
      const hosted = optionsFromEnv(config, database, {
        SITE_ORIGIN: 'https://reelmint.example',
        SITE_ORIGINS: 'https://reelmint.example, https://cdn.example',
      });
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
    expect(passwordHashingFromEnv({})).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(passwordHashingFromEnv({ TEST_ONLY_PASSWORD_HASHING: '' })).toEqual(PASSWORD_HASHING);
    expect(passwordHashingFromEnv({ NODE_ENV: 'production' })).toEqual(PASSWORD_HASHING);
  });

  it('lets a test run hash at one pass over 64 KiB', () => {
    expect(passwordHashingFromEnv({ TEST_ONLY_PASSWORD_HASHING: 'low' })).toEqual({ memoryCost: 64, timeCost: 1, parallelism: 1 });
    expect(passwordHashingFromEnv({ TEST_ONLY_PASSWORD_HASHING: 'low', NODE_ENV: 'test' })).toEqual({ memoryCost: 64, timeCost: 1, parallelism: 1 });
  });

  it('refuses to start with the test cost under NODE_ENV=production, and refuses any other value', () => {
    expect(() => passwordHashingFromEnv({ TEST_ONLY_PASSWORD_HASHING: 'low', NODE_ENV: 'production' })).toThrow(
      'TEST_ONLY_PASSWORD_HASHING is for test runs: refusing to hash passwords at a test cost with NODE_ENV=production',
    );
    expect(() => passwordHashingFromEnv({ TEST_ONLY_PASSWORD_HASHING: 'true' })).toThrow('TEST_ONLY_PASSWORD_HASHING must be low or unset, got "true"');
  });
});

describe('WORKER_CONCURRENCY', () => {
  const local = engineFromEnv({});
  const hosted = engineFromEnv({ VIDEO_ENGINE: 'fal', FAL_KEY: 'test-key' });

  it('renders two jobs at once per worker unless set', () => {
    expect(workerOptionsFromEnv(local, {})).toEqual({ concurrency: 2 });
    expect(workerOptionsFromEnv(local, { WORKER_CONCURRENCY: '' })).toEqual({ concurrency: 2 });
    expect(workerOptionsFromEnv(local, { WORKER_CONCURRENCY: '5' })).toEqual({ concurrency: 5 });
  });

  it('lets a hosted engine keep as many jobs in flight as its provider allows, whichever is larger', () => {
    expect(workerOptionsFromEnv(hosted, { WORKER_CONCURRENCY: '2', PROVIDER_MAX_IN_FLIGHT: '6' })).toMatchObject({ concurrency: 6, maxInFlight: 6 });
    expect(workerOptionsFromEnv(hosted, { WORKER_CONCURRENCY: '8', PROVIDER_MAX_IN_FLIGHT: '6' })).toMatchObject({ concurrency: 8, maxInFlight: 6 });
  });

  it.each(['0', '-1', '2.5', 'two'])('refuses %s, naming the variable', (value) => {
    for (const engine of [local, hosted]) {
      expect(() => workerOptionsFromEnv(engine, { WORKER_CONCURRENCY: value })).toThrow(`WORKER_CONCURRENCY must be a positive integer, got "${value}"`);
    }
  });
});

describe('VIDEO_PROVIDER_MAPPING', () => {
  it('refuses at start a model the adapter builds no request for, and takes one it does', () => {
    const mapping = (model: string) => JSON.stringify({ runway: { routes: { 'v1.0': { image: { model } } } } });
    expect(() => engineFromEnv({ VIDEO_ENGINE: 'runway', RUNWAYML_API_SECRET: 'k', VIDEO_PROVIDER_MAPPING: mapping('veo3.1') })).toThrow(
      'VIDEO_PROVIDER_MAPPING: runway v1.0 image maps to "veo3.1"; this site sends image videos to gen4.5 or gen4_turbo',
    );
    expect(engineFromEnv({ VIDEO_ENGINE: 'runway', RUNWAYML_API_SECRET: 'k', VIDEO_PROVIDER_MAPPING: mapping('gen4.5') }).name).toBe('runway');
    const fal = JSON.stringify({ fal: { routes: { 'v2.0': { text: { model: 'fal-ai/some/other-model' } } } } });
    expect(() => engineFromEnv({ VIDEO_ENGINE: 'fal', FAL_KEY: 'k', VIDEO_PROVIDER_MAPPING: fal })).toThrow(
      /fal v2.0 text maps to "fal-ai\/some\/other-model"/,
    );
  });
});

describe('STRIPE_API_BASE', () => {
  it("points the SDK's client at another Stripe-compatible server by host, port and protocol, and refuses what is not a URL", () => {
    expect(stripeConnection('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeConnection('https://stripe.internal.example')).toEqual({ host: 'stripe.internal.example', port: 443, protocol: 'https' });
    expect(() => paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'ftp://x' })).toThrow(
      'STRIPE_API_BASE must be an http(s) URL, got "ftp://x"',
    );
    expect(paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).name).toBe(
      'stripe',
    );
  });
});
