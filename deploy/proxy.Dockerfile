# The proxy: Debian's nginx in front of the shell servers and the API processes, and each remote's origin (its build
# from the image, its published versions from the bucket). Context: `nginx.conf`, scripts/cluster/nginx.mjs's
# configuration with the compose file's servers (shell-1, shell-2, api-1, api-2, s3) and `remotes/mfe-<name>/dist`,
# the remotes' builds; scripts/images.test.mjs writes both. nginx runs as www-data: its ports are above 1024.
FROM localhost/reelmint-debian:bookworm
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-brotli-static >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/reelmint-proxy/logs /var/lib/reelmint-proxy/tmp \
 && chown -R www-data:www-data /var/lib/reelmint-proxy \
 && ln -sf /dev/stderr /var/lib/reelmint-proxy/logs/error.log \
 && ln -sf /dev/stdout /var/lib/reelmint-proxy/logs/access.log
COPY remotes/ /srv/reelmint/
COPY nginx.conf /etc/nginx/reelmint.conf
USER www-data
EXPOSE 8080 8081 8082 8083
CMD ["nginx", "-e", "stderr", "-p", "/var/lib/reelmint-proxy", "-c", "/etc/nginx/reelmint.conf", "-g", "daemon off;"]
