// Where each process of the cluster listens and what it is told. Every port is apart from `npm start`'s
// (5173-5176 and 8787, PORTS in @reelmint/contract), so both can run on one machine.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every engine's data, the logs and the processes' list; CLUSTER_DIR moves it (the cluster's test runs in a folder of its own). */
export const RUN_DIR = resolve(ROOT, process.env.CLUSTER_DIR || join('.run', 'cluster'));

export const CLUSTER_PORTS = Object.freeze({
  /** nginx: the site and its API on one origin. */
  proxy: 8080,
  /** nginx: each remote's origin, its build and published versions served as a CDN would. */
  remotes: Object.freeze({ marketing: 8081, generator: 8082, billing: 8083 }),
  shell: Object.freeze([8110, 8111]),
  api: Object.freeze([8120, 8121]),
  postgres: 8132,
  redis: 8133,
  s3: 8134,
});

/** The API's media (uploads, videos) and the remotes' published versions, two buckets of the one object store. */
export const MEDIA_BUCKET = 'reelmint-media';
export const RELEASES_BUCKET = 'reelmint-releases';

const SITE = `http://localhost:${CLUSTER_PORTS.proxy}`;
const remoteOrigin = (name) => `http://localhost:${CLUSTER_PORTS.remotes[name]}`;

/** The environment of the API processes and the worker (`api`), of the shell servers (`shell`) and of the release CLI (`release`). */
export function clusterEnv({ jwtSecret }) {
  const databaseUrl = `postgres://postgres@127.0.0.1:${CLUSTER_PORTS.postgres}/reelmint`;
  const bucket = {
    S3_ENDPOINT: `http://127.0.0.1:${CLUSTER_PORTS.s3}`,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed key pair; a real bucket's come from the machine's role or these two variables.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const releases = {
    ...bucket,
    // publish uploads every version here too; nginx serves the remotes' published versions from it.
    RELEASES_BUCKET,
    REMOTES_POINTER_STORE: 'database',
    DATABASE_URL: databaseUrl,
    RELEASES_DIR: join(RUN_DIR, 'releases'),
    SHELL_ORIGIN: SITE,
    ...Object.fromEntries(REMOTE_NAMES.map((name) => [`REMOTE_ORIGIN_${name.toUpperCase()}`, remoteOrigin(name)])),
  };
  return {
    api: {
      ...releases,
      HOST: '127.0.0.1',
      DATA_DIR: join(RUN_DIR, 'api-data'),
      REDIS_URL: `redis://127.0.0.1:${CLUSTER_PORTS.redis}`,
      S3_BUCKET: MEDIA_BUCKET,
      // Every API process signs and reads the same sessions.
      JWT_SECRET: jwtSecret,
      SITE_ORIGIN: SITE,
      SITE_ORIGINS: [SITE, ...REMOTE_NAMES.map(remoteOrigin)].join(','),
      PUBLIC_URL: SITE,
      // The client's address is the proxy's X-Forwarded-For (rate limits and lockouts count per client).
      TRUST_PROXY: 'true',
      // Jobs run in the worker process alone.
      RUN_WORKER: 'false',
    },
    shell: { ...releases, HOST: '127.0.0.1', SITE_ORIGIN: SITE, API_BASE: SITE },
    /** What the release CLI needs to act on the cluster: its pointer, its published versions and their bucket. */
    release: releases,
  };
}
