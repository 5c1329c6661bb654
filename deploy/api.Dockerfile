# The API and the job worker (one image, two commands): the built JavaScript of `npm run build -w api` and the npm
# packages it imports, installed for the image's Node. Context: api/dist and api/assets as `dist/` and `assets/`, the
# machine's local prebuilds as `prebuilds/`, and `trusted-ca.crt`, the certificates the install's downloads trust (the
# building machine's: its way out may have a CA of its own); scripts/images.test.mjs stages them. The last two stay in
# the first stage.
ARG NODE_IMAGE=localhost/reelmint-node:24.22.3-bookworm

FROM ${NODE_IMAGE} AS packages
# better-sqlite3 compiles SQLite when no prebuilt binary is at hand.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app/api/dist
COPY dist/package.json ./
COPY prebuilds/ /tmp/prebuilds/
COPY trusted-ca.crt /tmp/trusted-ca.crt
RUN npm_config_cafile=/tmp/trusted-ca.crt npm_config_better_sqlite3_local_prebuilds=/tmp/prebuilds npm install --omit=dev --no-audit --no-fund --no-package-lock

FROM ${NODE_IMAGE}
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home reelmint \
 && mkdir -p /data && chown reelmint:reelmint /data
COPY --from=packages /app/api/dist/node_modules /app/api/dist/node_modules
COPY dist/ /app/api/dist/
COPY assets/ /app/api/assets/
WORKDIR /app/api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 DATA_DIR=/data
USER reelmint
EXPOSE 8787
# The worker: `node dist/server/worker.mjs` (with RUN_WORKER=false on the API).
CMD ["node", "dist/server/main.mjs"]
