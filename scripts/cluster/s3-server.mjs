// The cluster's object store: s3rver, a real S3-compatible server keeping its objects in S3_DIR, with the buckets
// S3_BUCKETS (comma-separated) made on start (a bucket that exists is kept with its objects), on S3_HOST (loopback
// unless given; the compose file's bucket listens on every address) and S3_PORT. Any S3 takes its place in production.
import { createRequire } from 'node:module';

// s3rver is the API's devDependency (its tests run one too); resolved from there.
const S3rver = createRequire(new URL('../../api/package.json', import.meta.url))('s3rver');

const server = new S3rver({
  address: process.env.S3_HOST || '127.0.0.1',
  port: Number(process.env.S3_PORT),
  directory: process.env.S3_DIR,
  silent: true,
  // Every client here asks path-style (S3_FORCE_PATH_STYLE): a host name such as a container's (s3) is not a bucket.
  vhostBuckets: false,
  configureBuckets: process.env.S3_BUCKETS.split(',').map((name) => ({ name })),
});
await server.run();
console.log(`s3rver listening on port ${process.env.S3_PORT} (buckets ${process.env.S3_BUCKETS} in ${process.env.S3_DIR})`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
