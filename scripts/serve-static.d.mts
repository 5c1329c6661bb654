import type { IncomingMessage, Server } from 'node:http';
import type { SecurityPolicyOptions } from './security-headers.mjs';

export declare function cachePolicy(pathname: string): string;
export declare function createAppServer(options: {
  dir: string;
  spa?: boolean;
  documents?: Record<string, (req: IncomingMessage) => unknown>;
  /** The app's published versions, served under /releases/<version>/. */
  releasesDir?: string;
  /** The HTML of a page, composed per request (the shell, see shell-pages.mjs); else index.html as built. */
  pages?: ((req: IncomingMessage, url: URL, page: { styleNonce: string }) => Promise<{ html: string; cookies: string[]; status?: number }>) | null;
  /** The origins this app's pages may load code from and call; with none given, only the origin itself. */
  security?: SecurityPolicyOptions;
  /** How long a slow client may hold a connection (DEFAULT_TIMEOUTS otherwise). */
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
}): Server;
export declare const DEFAULT_TIMEOUTS: Readonly<{ headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number }>;
export declare function publicPointer(
  document: unknown,
  overrideOrigins?: string[],
): { remotes: Record<string, unknown>; overrides: { allowedOrigins: string[] } };
export declare function shellDocuments(options: {
  /** The pointer's file, read per request; or readPointer, when it lives in the database. */
  pointerFile?: string;
  readPointer?: () => Promise<unknown>;
  apiBase: string;
  geoHeader?: string;
  /** Origins a person may point a remote at with an override. */
  overrideOrigins?: string[];
}): Record<string, (req: IncomingMessage) => unknown>;
export declare function listen(server: Server, port: number, host?: string): Promise<Server>;
/** 'br', 'gzip' or 'identity': what to send for a request's Accept-Encoding. */
export declare function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity';
/** Sends a body computed per request, compressed for the browser (with Vary: Accept-Encoding). */
export declare function sendBody(
  req: IncomingMessage,
  res: import('node:http').ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void;
