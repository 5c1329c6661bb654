# The local stand-in for S3: s3rver (the version of the repository's lockfile) run by scripts/cluster/s3-server.mjs,
# keeping its objects in /data (a volume). Context: `package.json` (s3rver), `s3-server.mjs` and `trusted-ca.crt`
# (left in the first stage); scripts/images.test.mjs stages them. Any S3 takes its place in production.
ARG NODE_IMAGE=localhost/reelmint-node:24.22.3-bookworm

FROM ${NODE_IMAGE} AS packages
WORKDIR /app/api
COPY package.json ./
COPY trusted-ca.crt /tmp/trusted-ca.crt
RUN npm_config_cafile=/tmp/trusted-ca.crt npm install --omit=dev --no-audit --no-fund --no-package-lock

FROM ${NODE_IMAGE}
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home reelmint \
 && mkdir -p /data && chown reelmint:reelmint /data
# s3-server.mjs finds s3rver from api/package.json, as in the repository.
COPY --from=packages /app/api /app/api
COPY s3-server.mjs /app/scripts/cluster/s3-server.mjs
WORKDIR /app
ENV S3_HOST=0.0.0.0 S3_PORT=8134 S3_DIR=/data S3_BUCKETS=reelmint-media,reelmint-releases
USER reelmint
EXPOSE 8134
CMD ["node", "scripts/cluster/s3-server.mjs"]
