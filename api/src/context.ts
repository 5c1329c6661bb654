import type { Kysely } from 'kysely';
import type { Dialect } from './db/database.ts';
import type { DB } from './db/schema.ts';

/** What every feature module needs from the app: the database and the clock. */
export interface CoreContext {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Injectable so tests can move time (token expiry, billing periods, stale jobs). */
  now: () => Date;
  /** Told when a job reaches its final state (the notifier listens); absent where nothing listens. */
  jobEnds?: JobEnds;
}

/** A job that has just become ready, or failed and been refunded. */
export interface JobEnd {
  id: string;
  outcome: 'ready' | 'failed';
}

/** The listeners of job ends: each is called after the job's final state is committed, and may not throw into the job. */
export class JobEnds {
  private readonly listeners = new Set<(end: JobEnd) => void>();

  listen(listener: (end: JobEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ended(end: JobEnd): void {
    for (const listener of this.listeners) {
      try {
        listener(end);
      } catch {
        // A listener's failure is its own; the job has ended whatever it does.
      }
    }
  }
}
