import type { IncomingMessage } from 'node:http';

export declare function shellPages(options: {
  shellDir: string;
  documents: Record<string, (req: IncomingMessage) => unknown>;
}): Promise<((req: IncomingMessage, url: URL) => Promise<{ html: string; cookies: string[] }>) | null>;
