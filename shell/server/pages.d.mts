import type { IncomingMessage } from 'node:http';

/** A shell page for one request: the HTML, the cookies to set and the status. */
export type ShellPage = (req: IncomingMessage, url: URL, page?: { styleNonce?: string }) => Promise<{ html: string; cookies: string[]; status: number }>;

export declare function shellPages(options: {
  shellDir: string;
  /** The shell's public origin, for each page's canonical and alternate links. */
  siteOrigin: string;
  documents: Record<string, (req: IncomingMessage) => unknown>;
}): Promise<ShellPage | null>;
