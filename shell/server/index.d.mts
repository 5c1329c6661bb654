import type { IncomingMessage, Server } from 'node:http';
import type { SecurityPolicyOptions } from './security-headers.mjs';
import type { ShellPage } from './pages.mjs';
import type { ShellOperations } from './operations.mjs';

export type { ShellOperations } from './operations.mjs';
export { closeGracefully, createOperations, operationsSettings } from './operations.mjs';

export type { SecurityPolicyOptions } from './security-headers.mjs';
export { contentSecurityPolicy, securityHeaders } from './security-headers.mjs';
export { shellPages } from './pages.mjs';

/** The shell's runtime documents, /remotes.json and /config.json, answered per request. */
export declare function shellDocuments(options: {
  /** The pointer's file, read per request; or readPointer, when it lives in the database. */
  pointerFile?: string;
  readPointer?: () => Promise<unknown>;
  apiBase: string;
  geoHeader?: string;
  /** Origins a person may point a remote at with an override. */
  overrideOrigins?: string[];
}): Record<string, (req: IncomingMessage) => unknown>;

/** The shell's origin: its build, its documents and its pages, under the site's content security policy. */
export declare function createShellServer(options: {
  dir: string;
  documents?: Record<string, (req: IncomingMessage) => unknown>;
  pages?: ShellPage | null;
  security?: SecurityPolicyOptions;
  timeouts?: Partial<{ headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number }>;
  /** /healthz, /readyz, /metrics and request ids (createOperations); one of its own, with loopback-only metrics, by default. */
  operations?: ShellOperations;
}): Server;
