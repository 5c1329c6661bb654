import type { IncomingMessage, Server } from 'node:http';

export declare function cachePolicy(pathname: string): string;
export declare function createAppServer(options: {
  dir: string;
  spa?: boolean;
  documents?: Record<string, (req: IncomingMessage) => unknown>;
  /** The app's published versions, served under /releases/<version>/. */
  releasesDir?: string;
}): Server;
export declare function publicPointer(document: unknown, overrideOrigins?: string[]): { remotes: Record<string, unknown>; overrides: { allowedOrigins: string[] } };
export declare function shellDocuments(options: {
  pointerFile: string;
  apiBase: string;
  geoHeader?: string;
  /** Origins a person may point a remote at with an override. */
  overrideOrigins?: string[];
}): Record<string, (req: IncomingMessage) => unknown>;
export declare function listen(server: Server, port: number, host?: string): Promise<Server>;
