import type { FastifyInstance } from 'fastify';

/**
 * Stops the API on SIGTERM or SIGINT without dropping what it is serving: /readyz turns 503 at once, the server stops
 * accepting connections (idle kept-alive ones are closed), requests in flight finish, the job worker of this process
 * hands its running jobs back to the queue, and the database closes last. What is still open after `graceMs` is cut
 * and the exit code says so (1); a clean stop exits 0. Further signals change nothing (a process group's stop and a
 * loader that relays it deliver the same signal twice): the grace period bounds the wait.
 */
export function exitGracefully(app: FastifyInstance, graceMs: number, exit: (code: number) => void = process.exit): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.ops.beginShutdown();
    app.log.info({ signal, graceMs }, 'shutting down: finishing requests in flight');
    let cut = false;
    const timer = setTimeout(() => {
      cut = true;
      app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, graceMs);
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('stopped');
        exit(cut ? 1 : 0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        app.log.error({ err: error }, 'could not stop cleanly');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
