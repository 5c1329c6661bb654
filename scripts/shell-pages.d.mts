import type { IncomingMessage } from 'node:http';

export declare function shellPages(options: {
  shellDir: string;
  /** The shell's public origin, for each page's canonical and alternate links. */
  siteOrigin: string;
  documents: Record<string, (req: IncomingMessage) => unknown>;
}): Promise<((req: IncomingMessage, url: URL, page?: { styleNonce?: string }) => Promise<{ html: string; cookies: string[]; status: number }>) | null>;
