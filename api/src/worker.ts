import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { engineFromEnv, openConfiguredDatabase, readEnv, storageFromEnv, workerOptionsFromEnv } from './config.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from './videos/worker.ts';

/**
 * A job worker on its own, for scaling renders apart from the API (start the API with
 * RUN_WORKER=false). It shares the database and media storage (the data folder, or the bucket
 * named by S3_BUCKET) with the API.
 */
const config = readEnv();
const database = await openConfiguredDatabase(config);
// One JSON line per event, like the API's own log.
const log = {
  info: (details: object, message: string) => console.log(JSON.stringify({ level: 'info', time: Date.now(), msg: message, ...details })),
  error: (details: object, message: string) => {
    const { err, ...rest } = details as { err?: unknown };
    console.error(JSON.stringify({ level: 'error', time: Date.now(), msg: message, error: err instanceof Error ? err.message : undefined, ...rest }));
  },
};
const paths = { uploads: join(config.dataDir, 'uploads'), videos: join(config.dataDir, 'videos') };
for (const dir of Object.values(paths)) mkdirSync(dir, { recursive: true, mode: 0o700 });
const engine = engineFromEnv();
const workerOptions = { ...DEFAULT_WORKER_OPTIONS, ...workerOptionsFromEnv(engine) };
const worker = new JobWorker(
  {
    db: database.db,
    dialect: database.dialect,
    now: () => new Date(),
    engine,
    storage: storageFromEnv(config.dataDir),
    paths,
    log,
  },
  workerOptions,
);

const shutdown = async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

worker.start();
log.info({ workerId: worker.id, database: database.dialect, concurrency: workerOptions.concurrency, engine: engine.name }, 'worker started');
