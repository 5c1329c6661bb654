import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A page composed per request (the shell's server), with headers of its own. */
export interface ComposedPage {
  html: string;
  cookies?: string[];
  status?: number;
  headers?: Record<string, string>;
}

export declare function cachePolicy(pathname: string): string;
export declare function createOriginServer(options: {
  dir: string;
  spa?: boolean;
  documents?: Record<string, (req: IncomingMessage) => unknown>;
  /** The app's published versions, served under /releases/<version>/. */
  releasesDir?: string;
  /** The HTML of a page, composed per request (the shell's server); else index.html as built. */
  pages?: ((req: IncomingMessage, url: URL) => Promise<ComposedPage>) | null;
  /** Sent with every response: the site's security headers for this origin. */
  headers?: Record<string, string>;
  /** How long a slow client may hold a connection (DEFAULT_TIMEOUTS otherwise). */
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
}): Server;
export declare const DEFAULT_TIMEOUTS: Readonly<{ headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number }>;
export declare function listen(server: Server, port: number, host?: string): Promise<Server>;
/** 'br', 'gzip' or 'identity': what to send for a request's Accept-Encoding. */
export declare function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity';
/** Sends a body computed per request, compressed for the browser (with Vary: Accept-Encoding). */
export declare function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void;
