import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { JobEnds } from './context.ts';
import { startupEnv } from './config/env.ts';
import { applyProcessSettings, engineFromEnv, mailTransport, openConfiguredDatabase, storageFromEnv, workerOptionsFromEnv } from './config/options.ts';
import { Mailer } from './mail/outbox.ts';
import { notifyJobEnds, vapidKeysOnce } from './notifications/notifier.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from './videos/worker.ts';

/**
 * A job worker on its own, for scaling renders apart from the API (start the API with
 * RUN_WORKER=false). It shares the database and media storage (the data folder, or the bucket
 * named by S3_BUCKET) with the API.
 */
const env = startupEnv();
applyProcessSettings(env);
const database = await openConfiguredDatabase(env);
// One JSON line per event, like the API's own log.
const log = {
  info: (details: object, message: string) => console.log(JSON.stringify({ level: 'info', time: Date.now(), msg: message, ...details })),
  warn: (details: object, message: string) => console.warn(JSON.stringify({ level: 'warn', time: Date.now(), msg: message, ...details })),
  error: (details: object, message: string) => {
    const { err, ...rest } = details as { err?: unknown };
    console.error(JSON.stringify({ level: 'error', time: Date.now(), msg: message, error: err instanceof Error ? err.message : undefined, ...rest }));
  },
};
const paths = { uploads: join(env.DATA_DIR, 'uploads'), videos: join(env.DATA_DIR, 'videos') };
for (const dir of Object.values(paths)) mkdirSync(dir, { recursive: true, mode: 0o700 });
const engine = engineFromEnv(env);
const workerOptions = { ...DEFAULT_WORKER_OPTIONS, ...workerOptionsFromEnv(engine, env) };
const core = { db: database.db, dialect: database.dialect, now: () => new Date(), jobEnds: new JobEnds() };
// The owners of the jobs that end here are told from here: push, and mail into the shared outbox (the API's retry loop
// delivers what could not go out at once).
const stopNotifying = notifyJobEnds(core.jobEnds, {
  ctx: core,
  mailer: new Mailer(core, mailTransport(env), log),
  siteOrigin: env.SITE_ORIGIN.replace(/\/$/, ''),
  keys: vapidKeysOnce(core),
  log,
});
const worker = new JobWorker(
  {
    ...core,
    engine,
    storage: storageFromEnv(env),
    paths,
    log,
  },
  workerOptions,
);

// On SIGTERM or SIGINT the running jobs go back to the queue for another worker (README "Operating"). A signal that
// arrives again meanwhile (a process group's stop relayed by a loader) must not end the process before that is done:
// with no listener left, Node would.
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log.info({ workerId: worker.id }, 'worker stopping: handing running jobs back');
  await worker.stop();
  await stopNotifying();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

worker.start();
log.info({ workerId: worker.id, database: database.dialect, concurrency: workerOptions.concurrency, engine: engine.name }, 'worker started');
