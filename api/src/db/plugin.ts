import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobEnds } from '../context.ts';
import type { CoreContext } from '../context.ts';
import type { Database } from './database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and the clock every feature module reads. */
    core: CoreContext;
  }
}

export interface CoreOptions {
  /** Opened (and migrated) by the caller; closed with the app, after everything that uses it. */
  database: Database;
  /** Injectable so tests can move time (token expiry, billing periods, stale jobs). */
  now?: () => Date;
}

async function database(app: FastifyInstance, options: CoreOptions): Promise<void> {
  const { db, dialect } = options.database;
  app.decorate('core', { db, dialect, now: options.now ?? (() => new Date()), jobEnds: new JobEnds() });
  // Registered first, so closed last: onClose hooks run in the reverse order of their plugins.
  app.addHook('onClose', async () => options.database.close());
}

export default fp(database, { name: 'database', fastify: '5.x' });
