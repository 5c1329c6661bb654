// Published versions in an S3-compatible bucket (RELEASES_BUCKET), for a site whose remotes are served by a CDN or a
// proxy in front of the bucket rather than by the origin servers. Every key is immutable and cached for a year; a
// file's brotli and gzip copies are objects of their own beside it (`<key>.br`, `<key>.gz`) carrying their
// Content-Encoding and the original's Content-Type, so the proxy picks one by the browser's Accept-Encoding. The
// version's release.json goes last: a version whose upload stopped half way has none, and is never served.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { REMOTES } from './config.mjs';
import { RELEASE_FILE, ReleaseError } from './releases.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UPLOADS_AT_ONCE = 8;

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const ENCODINGS = { '.br': 'br', '.gz': 'gzip' };

/** The key prefix of one version: releases/mfe-<name>/<version>/ (the same layout as RELEASES_DIR and the origins' paths). */
export const versionPrefix = (name, version) => `releases/${REMOTES[name]}/${version}/`;

/** @param {NonNullable<ReturnType<typeof import('./config.mjs').releaseConfig>['bucket']>} bucket */
function client(bucket) {
  return new S3Client({
    region: bucket.region,
    ...(bucket.endpoint ? { endpoint: bucket.endpoint } : {}),
    forcePathStyle: bucket.forcePathStyle,
    // One attempt: a bucket that does not answer is said at once, not after minutes of retries.
    maxAttempts: 2,
  });
}

const describe = (bucket) => `the bucket ${bucket.name}${bucket.endpoint ? ` at ${bucket.endpoint}` : ''}`;

/** Refuses (ReleaseError) unless the bucket answers: checked before anything is published. */
export async function checkBucket(bucket) {
  const s3 = client(bucket);
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket.name }));
  } catch (error) {
    const reason = error?.$metadata?.httpStatusCode ? `HTTP ${error.$metadata.httpStatusCode}` : (error?.code ?? error?.name ?? String(error));
    throw new ReleaseError(`Cannot reach ${describe(bucket)} (${reason}): nothing was published. Check RELEASES_BUCKET, S3_ENDPOINT and the credentials.`);
  } finally {
    s3.destroy();
  }
}

function filesOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** What one file is stored with: its type, and for a compressed copy its encoding and the original's type. */
export function objectHeaders(path) {
  const encoding = ENCODINGS[extname(path)];
  const original = encoding ? path.slice(0, -extname(path).length) : path;
  return {
    ContentType: TYPES[extname(original)] ?? 'application/octet-stream',
    ...(encoding ? { ContentEncoding: encoding } : {}),
    CacheControl: IMMUTABLE,
  };
}

/**
 * Uploads one published version (its folder in RELEASES_DIR) to the bucket. Over HTTP a version's release.json says
 * its version alone (as the origin servers answer it): who published it and why stay with the release tooling.
 */
export async function uploadRelease(bucket, name, version, dir) {
  const s3 = client(bucket);
  const prefix = versionPrefix(name, version);
  const put = (key, body, headers) => s3.send(new PutObjectCommand({ Bucket: bucket.name, Key: `${prefix}${key}`, Body: body, ...headers }));
  try {
    const files = filesOf(dir).filter((path) => path !== RELEASE_FILE);
    for (let start = 0; start < files.length; start += UPLOADS_AT_ONCE) {
      await Promise.all(files.slice(start, start + UPLOADS_AT_ONCE).map((path) => put(path, readFileSync(join(dir, path)), objectHeaders(path))));
    }
    await put(RELEASE_FILE, JSON.stringify({ version }), objectHeaders(RELEASE_FILE));
    return { files: files.length + 1, prefix };
  } catch (error) {
    const reason = error?.$metadata?.httpStatusCode ? `HTTP ${error.$metadata.httpStatusCode}` : (error?.code ?? error?.name ?? String(error));
    throw new ReleaseError(
      `Uploading ${name} ${version} to ${describe(bucket)} stopped (${reason}). The version is not served from the bucket (its ${RELEASE_FILE} goes last); ` +
        `upload it again with: npm run release -- upload ${name} ${version}`,
    );
  } finally {
    s3.destroy();
  }
}
