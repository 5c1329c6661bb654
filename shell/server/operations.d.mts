import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export interface ShellOperations {
  readonly registry: Registry;
  readonly shuttingDown: boolean;
  beginShutdown(): void;
  wrap(serve: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void;
}

/** /healthz, /readyz and /metrics of a shell server, its request ids and its request metrics. */
export declare function createOperations(options?: {
  documents?: Record<string, (req: IncomingMessage) => unknown>;
  /** Who may read /metrics: addresses and subnets, or the bearer of `token`; loopback only by default. */
  metricsAccess?: { allow?: string[]; token?: string };
  readinessTimeoutMs?: number;
}): ShellOperations;

/** METRICS_ALLOW, METRICS_TOKEN and SHUTDOWN_GRACE_MS from the environment (process.env by default). */
export declare function operationsSettings(env?: Record<string, string | undefined>): {
  metricsAccess: { allow?: string[]; token?: string };
  graceMs: number;
};

/** Unready at once, no new connections, requests in flight finish; what is open after graceMs is cut (resolves false). */
export declare function closeGracefully(servers: Server[], options?: { operations?: ShellOperations[]; graceMs?: number }): Promise<boolean>;
