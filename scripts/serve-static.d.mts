import type { IncomingMessage, Server } from 'node:http';

export declare function cachePolicy(pathname: string): string;
export declare function createAppServer(options: {
  dir: string;
  spa?: boolean;
  documents?: Record<string, (req: IncomingMessage) => unknown>;
}): Server;
export declare function shellDocuments(options: {
  pointerFile: string;
  apiBase: string;
  geoHeader?: string;
}): Record<string, (req: IncomingMessage) => unknown>;
export declare function listen(server: Server, port: number, host?: string): Promise<Server>;
