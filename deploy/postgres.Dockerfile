# PostgreSQL from Debian's packages. The data folder (/var/lib/postgresql/data, a volume) is made on the first start
# with the user postgres, the password POSTGRES_PASSWORD and the database reelmint; connections from the network
# need that password (scram-sha-256).
FROM localhost/reelmint-debian:bookworm
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/reelmint.conf \
 && apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql \
 && chmod 700 /var/lib/postgresql/data
COPY --chmod=755 postgres-start.sh /usr/local/bin/postgres-start
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
CMD ["postgres-start"]
