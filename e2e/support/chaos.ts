import http from 'node:http';
import net from 'node:net';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOriginServer } from '@reelmint/release/origin';
import { securityHeaders } from 'shell/server';
import { API } from './origins.ts';

const root = join(import.meta.dirname, '..', '..');

/** The ways a remote's origin fails in the chaos matrix (e2e/tests/chaos.spec.ts). */
export const FAILURES = ['refused', 'stalled', 'slow', 'error', 'truncated', 'incompatible'] as const;
export type Failure = (typeof FAILURES)[number];
export type OriginState = 'healthy' | Failure;

/** How long a slow origin takes before each answer. */
export const SLOW_MS = 3000;

export interface ChaosOrigin {
  readonly url: string;
  /** Switches what the origin does. Every connection from before is closed, as an origin that restarts closes them. */
  set(state: OriginState): Promise<void>;
  stop(): Promise<void>;
}

/** Writes `change(text)` over a build file and drops its compressed copies, which would still be the old bytes. */
function rewrite(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`${file} did not change: the build no longer has the shape the chaos origin expects`);
  writeFileSync(file, after);
  for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
}

/**
 * A copy of a remote's build made against the next major of the shared contract, as a build of a newer shell's
 * contract would be: its browser and server entries and its manifest require @reelmint/shared ^2.0.0.
 */
function incompatibleCopy(dist: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'reelmint-incompatible-')), 'dist');
  cpSync(dist, dir, { recursive: true });
  const map = readdirSync(join(dir, 'assets')).find((file) => /^mf-localSharedImportMap-[\w-]+\.js$/.test(file));
  if (!map) throw new Error(`${dist} has no shared import map`);
  rewrite(join(dir, 'assets', map), (text) =>
    text.replace(/r\(`@reelmint\/shared`,`1\.0\.0`([^)]*)requiredVersion:`\^1\.0\.0`/, 'r(`@reelmint/shared`,`2.0.0`$1requiredVersion:`^2.0.0`'),
  );
  rewrite(join(dir, 'remoteEntry.ssr.js'), (text) =>
    text.replace(/("name": "@reelmint\/shared",[\s\S]*?"version": )"1\.0\.0"([\s\S]*?"requiredVersion": )"\^1\.0\.0"/, '$1"2.0.0"$2"^2.0.0"'),
  );
  rewrite(join(dir, 'mf-manifest.json'), (text) =>
    text.replace(/("name":"@reelmint\/shared","version":)"1\.0\.0"(,"singleton":true,"requiredVersion":)"\^1\.0\.0"/, '$1"2.0.0"$2"^2.0.0"'),
  );
  return dir;
}

/**
 * One remote's origin whose behaviour the test switches: its real build, or a failure. `stalled` is a real stalled
 * listener: a new connection is accepted and never read from or answered (and a request on a connection kept from
 * before gets no answer either); `refused` stops listening, so connections are refused.
 */
export async function startChaosOrigin(appDir: string, port: number): Promise<ChaosOrigin> {
  const dist = join(root, appDir, 'dist');
  const headers = securityHeaders({ apiOrigin: API });
  const healthy = createOriginServer({ dir: dist, headers });
  const incompatible = createOriginServer({ dir: incompatibleCopy(dist), headers });
  const entry = readFileSync(join(dist, 'remoteEntry.js'));
  let state: OriginState = 'healthy';
  const timers = new Set<NodeJS.Timeout>();

  const front = http.createServer((req, res) => {
    const serve = (server: http.Server) => server.emit('request', req, res);
    switch (state) {
      case 'stalled':
        return;
      case 'error':
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' }).end('The origin failed');
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          serve(healthy);
        }, SLOW_MS);
        timers.add(timer);
        return;
      }
      case 'truncated':
        // The entry's first half, answered as if whole: what a deploy cut short serves.
        if (new URL(req.url ?? '/', 'http://origin').pathname === '/remoteEntry.js') {
          res
            .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' })
            .end(entry.subarray(0, Math.floor(entry.length / 2)));
          return;
        }
        serve(healthy);
        return;
      case 'incompatible':
        serve(incompatible);
        return;
      default:
        serve(healthy);
    }
  });

  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Stalled: accepted, and never read from nor answered.
    if (state !== 'stalled') front.emit('connection', socket);
  });
  const listen = () => new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
  await listen();

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  const close = () =>
    new Promise<void>((resolve) => {
      if (!listener.listening) return resolve();
      listener.close(() => resolve());
    });

  return {
    url: `http://localhost:${port}`,
    async set(next) {
      state = next;
      dropConnections();
      if (next === 'refused') await close();
      else if (!listener.listening) await listen();
    },
    async stop() {
      dropConnections();
      await close();
    },
  };
}
