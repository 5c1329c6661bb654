# The shell's server (scripts/cluster/shell-server.mjs): the shell's browser build, its server build (dist-server,
# which draws the pages) and the code that serves them, with the npm packages they import and those the remotes'
# server builds import, installed for the image's Node. The remotes' builds are not in it: the server fetches each
# remote's server build from the origin the pointer names. Context: `app/`, the repository's files the server reads
# at their paths in the repository (shell/, scripts/release/, scripts/cluster/shell-server.mjs, the contract's
# plain-JavaScript modules), `package.json`, the packages to install, and `trusted-ca.crt`, the certificates the
# install's downloads trust (left in the first stage); scripts/images.test.mjs stages them.
ARG NODE_IMAGE=localhost/reelmint-node:24.22.3-bookworm

FROM ${NODE_IMAGE} AS packages
WORKDIR /app
COPY package.json ./
COPY trusted-ca.crt /tmp/trusted-ca.crt
# Every package the server needs is listed itself, so their peers (Vite, of the federation plugin) stay out.
RUN npm_config_cafile=/tmp/trusted-ca.crt npm install --omit=dev --legacy-peer-deps --no-audit --no-fund --no-package-lock

FROM ${NODE_IMAGE}
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home reelmint
COPY --from=packages /app/node_modules /app/node_modules
COPY app/ /app/
# The workspace packages as npm links them; the federation loader writes the remotes' server code it fetched under
# node_modules/.ssr-cache of the working folder, and imports their packages from there.
RUN mkdir -p /app/node_modules/@reelmint /app/node_modules/.ssr-cache \
 && ln -s ../../scripts/release /app/node_modules/@reelmint/release \
 && ln -s ../../shared/contract /app/node_modules/@reelmint/contract \
 && ln -s ../shell /app/node_modules/shell \
 && chown reelmint:reelmint /app/node_modules/.ssr-cache
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8110
USER reelmint
EXPOSE 8110
CMD ["node", "scripts/cluster/shell-server.mjs"]
