# Redis from Debian's packages, keeping its append-only file in /data (a volume). It listens on every address of the
# compose file's private network, without a password: publish its port nowhere.
FROM localhost/reelmint-debian:bookworm
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
USER redis
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--port", "6379", "--dir", "/data", "--appendonly", "yes", "--save", ""]
