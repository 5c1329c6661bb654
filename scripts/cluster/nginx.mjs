// The cluster's nginx configuration: the site's origin (the shell servers, and the API under /api/) and each remote's
// origin (its build and published versions, served as files the way a CDN serves them).
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import { VERSION_PATTERN } from '@reelmint/contract/versions';
import { securityHeaders } from 'shell/server';
import { CLUSTER_PORTS, ROOT } from './layout.mjs';

/**
 * nginx keeps an idle connection to a server at most this long. The shell servers and the API keep one 65 s
 * (api/src/http/server-options.ts, the origin server's DEFAULT_TIMEOUTS): the proxy always closes first, so it never
 * sends a request down a connection the server is closing.
 */
const UPSTREAM_IDLE_S = 60;

/** The API's error envelope (api/src/http/envelope.ts) for what nginx answers itself. */
const envelope = (code, message) => JSON.stringify({ success: false, data: null, error: code, message });

const quote = (value) => `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

const addHeaders = (headers) => Object.entries(headers).map(([name, value]) => `add_header ${name} ${quote(value)} always;`);

/**
 * Where the servers behind nginx are and what it serves itself. The cluster's, by default: everything on this
 * machine's loopback. A container's proxy (deploy/proxy.Dockerfile) names the other containers instead.
 * @typedef {object} ProxyLayout
 * @property {boolean} loopback listen on the loopback addresses alone (else on every address)
 * @property {string[]} shell the shell servers, host:port
 * @property {string[]} api the API processes, host:port
 * @property {string} s3 the object store holding the published versions, host:port
 * @property {string} remotesRoot the folder holding each remote's build as mfe-<name>/dist
 * @property {string} siteOrigin the site's public origin (the API's, for the remotes' security headers)
 * @property {{ certificate: string, key: string }} [remotesTls] the remotes' origins over HTTPS with this certificate:
 *           the shell's server fetches a remote's server build over HTTP only from a loopback address
 */
/** @type {ProxyLayout} */
const CLUSTER_LAYOUT = {
  loopback: true,
  shell: CLUSTER_PORTS.shell.map((port) => `127.0.0.1:${port}`),
  api: CLUSTER_PORTS.api.map((port) => `127.0.0.1:${port}`),
  s3: `127.0.0.1:${CLUSTER_PORTS.s3}`,
  remotesRoot: ROOT,
  siteOrigin: `http://localhost:${CLUSTER_PORTS.proxy}`,
};

/** ::1 is listened on too when the machine has it, since browsers may resolve localhost to it first. */
const listens = (port, { loopback }, tls = null) => {
  if (tls) return [`listen ${port} ssl;`, `ssl_certificate ${tls.certificate};`, `ssl_certificate_key ${tls.key};`];
  if (!loopback) return [`listen ${port};`];
  const hasIpv6Loopback = Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.address === '::1'));
  return [`listen 127.0.0.1:${port};`, ...(hasIpv6Loopback ? [`listen [::1]:${port};`] : [])];
};

const block = (head, lines) =>
  [
    `${head} {`,
    ...lines
      .flat()
      .flatMap((line) => line.split('\n'))
      .map((line) => `  ${line}`),
    '}',
  ].join('\n');

function upstream(name, servers) {
  return block(`upstream ${name}`, [
    // A server that refuses a connection or times out is left alone for a few seconds; the other takes its requests.
    ...servers.map((server) => `server ${server} max_fails=1 fail_timeout=5s;`),
    // Idle connections each nginx worker keeps to these servers. Fewer than the requests a worker has in flight at once,
    // and every burst ends with connections closed and opened again: the servers then spend their CPU accepting
    // connections (100 clients through two workers is some 50 in flight per worker; the pool was 32).
    'keepalive 256;',
    `keepalive_timeout ${UPSTREAM_IDLE_S}s;`,
    'keepalive_requests 10000;',
  ]);
}

function siteServer(layout) {
  const requestId = { 'X-Request-Id': '$request_id' };
  const unavailable = (code, message) => [
    'default_type application/json;',
    ...addHeaders({ ...requestId, 'Retry-After': '5', 'Cache-Control': 'no-store' }),
    `return 503 '${envelope(code, message)}';`,
  ];
  return block('server', [
    ...listens(CLUSTER_PORTS.proxy, layout),
    'server_name localhost;',
    // Uploads: the API's own per-file limits answer in its envelope; this only has to let them through.
    'client_max_body_size 64m;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Request-Id $request_id;',
    // The servers echo the id they were given: the client gets one copy, nginx's own (below), which its own answers carry too.
    'proxy_hide_header X-Request-Id;',
    // The client's address as this proxy saw it, replacing whatever the client claimed.
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $http_host;',
    'proxy_connect_timeout 2s;',
    'proxy_send_timeout 60s;',
    'proxy_read_timeout 60s;',
    // A server that cannot be reached (or times out) hands the request to the other; nginx never resends a request
    // other than GET, HEAD, OPTIONS, PUT or DELETE once it reached a server (non_idempotent is not given).
    'proxy_next_upstream error timeout;',
    'proxy_next_upstream_tries 2;',
    'proxy_next_upstream_timeout 10s;',
    ...addHeaders(requestId),
    // Metrics are for the operator's scraper, on each server's own port; never the public's.
    block('location ~ ^/(api/)?metrics(/|$)', [
      'default_type application/json;',
      ...addHeaders(requestId),
      `return 404 '${envelope('NOT_FOUND', 'Not found')}';`,
    ]),
    block('location /api/', ['proxy_pass http://reelmint_api;', 'error_page 502 504 = @api_unavailable;']),
    block('location /', ['proxy_pass http://reelmint_shell;', 'error_page 502 504 = @site_unavailable;']),
    block('location @api_unavailable', unavailable('SERVICE_UNAVAILABLE', 'The service is unavailable right now. Please try again in a moment.')),
    block('location @site_unavailable', unavailable('SERVICE_UNAVAILABLE', 'Reelmint is unavailable right now. Please try again in a moment.')),
  ]);
}

/**
 * A remote's origin: its build at /, and every published version under /releases/<version>/ from the bucket, as a CDN
 * in front of it would serve them: the brotli or gzip copy the browser accepts (an object of its own, with its
 * Content-Encoding), else the file itself.
 */
function remoteServer(name, bucket, layout) {
  const common = {
    ...securityHeaders({ apiOrigin: layout.siteOrigin }),
    // Module scripts are fetched with CORS.
    'Access-Control-Allow-Origin': '*',
  };
  const version = `(?<version>${VERSION_PATTERN.source.slice(1, -1)})`;
  const objects = `http://release_bucket/${bucket}/releases/mfe-${name}/$version`;
  const fromBucket = [
    // Path-style requests: the bucket is the path's first segment, whatever the host.
    `proxy_set_header Host ${layout.s3};`,
    'proxy_set_header Authorization "";',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_hide_header Cache-Control;',
    'proxy_hide_header x-amz-request-id;',
    'proxy_hide_header x-amz-id-2;',
    'proxy_intercept_errors on;',
  ];
  const immutable = addHeaders({ ...common, 'Cache-Control': 'public, max-age=31536000, immutable', Vary: 'Accept-Encoding' });
  const missing = ['default_type text/plain;', ...addHeaders({ ...common, 'Cache-Control': 'no-cache' }), "return 404 'Not found\\n';"];
  return block('server', [
    ...listens(CLUSTER_PORTS.remotes[name], layout, layout.remotesTls),
    `root ${join(layout.remotesRoot, `mfe-${name}`, 'dist')};`,
    'index index.html;',
    'etag on;',
    'recursive_error_pages on;',
    ...addHeaders(common),
    'if ($request_method = OPTIONS) { return 204; }',
    'if ($request_method !~ ^(GET|HEAD)$) { return 405; }',
    block('location /', [...addHeaders({ ...common, 'Cache-Control': 'no-cache' }), 'try_files $uri $uri/ =404;']),
    block('location /assets/', [...addHeaders({ ...common, 'Cache-Control': 'public, max-age=31536000, immutable' }), 'try_files $uri =404;']),
    // A version is served once its release.json is in the bucket, and publish uploads that file last: a version whose
    // upload stopped half way answers 404 (the check's refusal is nginx's 500, turned into that 404).
    block(`location ~ "^/releases/${version}(?<rest>/.*)$"`, [
      'auth_request /.published;',
      ...fromBucket,
      'error_page 403 404 = @identity;',
      'error_page 500 = @missing;',
      ...immutable,
      `proxy_pass ${objects}$rest$release_suffix;`,
    ]),
    block('location @identity', [...fromBucket, 'error_page 403 404 500 502 504 = @missing;', ...immutable, `proxy_pass ${objects}$rest;`]),
    block('location = /.published', [
      'internal;',
      ...fromBucket,
      'proxy_method HEAD;',
      'proxy_pass_request_body off;',
      'proxy_set_header Content-Length "";',
      `proxy_pass ${objects}/release.json;`,
    ]),
    block('location @missing', missing),
    block('location /releases/', missing),
  ]);
}

/**
 * @param {{ prefix: string, brotli: boolean, user: string | null, releasesBucket: string, layout?: ProxyLayout }} options
 *        prefix: nginx's folder under .run/cluster; brotli: the brotli_static module is installed; user: the workers'
 *        user when nginx starts as root; releasesBucket: the bucket holding the published versions; layout: where the
 *        servers are (the cluster's by default)
 */
export function nginxConfig({ prefix, brotli, user, releasesBucket, layout = CLUSTER_LAYOUT }) {
  const tmp = (name) => `${name}_temp_path ${join(prefix, 'tmp', name)};`;
  return [
    '# Written by scripts/cluster/start.mjs on every start; edits are lost.',
    ...(brotli ? ['load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;'] : []),
    ...(user ? [`user ${user};`] : []),
    'worker_processes 2;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
    'events {\n  worker_connections 1024;\n}',
    block('http', [
      'include /etc/nginx/mime.types;',
      'default_type application/octet-stream;',
      'log_format cluster \'$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent $request_time $upstream_addr $request_id\';',
      `access_log ${join(prefix, 'logs', 'access.log')} cluster;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => tmp(name)),
      'server_tokens off;',
      'sendfile on;',
      'keepalive_timeout 60s;',
      // The .gz and .br copies the builds and publishing wrote beside each file.
      'gzip_static on;',
      ...(brotli ? ['brotli_static on;'] : []),
      'gzip_vary on;',
      upstream('reelmint_shell', layout.shell),
      upstream('reelmint_api', layout.api),
      siteServer(layout),
      upstream('release_bucket', [layout.s3]),
      // The copy of a published file to ask the bucket for first: brotli, then gzip, when the browser accepts it.
      block('map $http_accept_encoding $release_suffix', [
        'default "";',
        `"~*(^|,)\\s*br\\s*(;\\s*q=(1|0?\\.0*[1-9])[0-9]*)?\\s*(,|$)" .br;`,
        `"~*(^|,)\\s*gzip\\s*(;\\s*q=(1|0?\\.0*[1-9])[0-9]*)?\\s*(,|$)" .gz;`,
      ]),
      ...REMOTE_NAMES.map((name) => remoteServer(name, releasesBucket, layout)),
    ]),
    '',
  ].join('\n');
}
