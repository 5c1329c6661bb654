import net from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
// The same servers `npm start` uses, so these origins behave like the real ones.
import { createOriginServer, listen } from '@reelmint/release/origin';
import { createShellServer, securityHeaders, shellDocuments, shellPages } from 'shell/server';
import { API } from './origins.ts';

const root = join(import.meta.dirname, '..', '..');

export interface Stoppable {
  stop(): Promise<void>;
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server).closeAllConnections?.();
  });
}

/** A server that accepts connections and never answers: the worst way a remote can fail. */
export async function startSilentServer(port: number): Promise<Stoppable> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return closeServer(server);
    },
  };
}

/** Serves one app's built output on a port, like `npm start`. */
export async function startAppServer(appDir: string, port: number): Promise<Stoppable> {
  const server = await listen(createOriginServer({ dir: join(root, appDir, 'dist'), headers: securityHeaders({ apiOrigin: API }) }), port);
  return { stop: () => closeServer(server) };
}

/** A second shell origin whose remotes pointer the test chooses; its policy allows code from those remotes' origins, as `npm start`'s does. */
export async function startShell(port: number, remotes: Record<string, { entry: string; version: string }>): Promise<Stoppable> {
  const dir = mkdtempSync(join(tmpdir(), 'reelmint-pointer-'));
  const pointerFile = join(dir, 'remotes.json');
  writeFileSync(pointerFile, JSON.stringify({ remotes }));
  const documents = shellDocuments({ pointerFile, apiBase: API });
  const pages = await shellPages({ shellDir: join(root, 'shell'), siteOrigin: `http://localhost:${port}`, documents });
  const security = { codeOrigins: Object.values(remotes).map(({ entry }) => entry), apiOrigin: API };
  const server = await listen(createShellServer({ dir: join(root, 'shell', 'dist'), documents, pages, security }), port);
  return { stop: () => closeServer(server) };
}
