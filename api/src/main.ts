import { buildApp } from './app.ts';
import { startupEnv } from './config/env.ts';
import { applyProcessSettings, openConfiguredDatabase, optionsFromEnv } from './config/options.ts';
import { exitGracefully } from './ops/shutdown.ts';

const env = startupEnv();
applyProcessSettings(env);
const database = await openConfiguredDatabase(env);
const app = await buildApp(optionsFromEnv(env, database));
exitGracefully(app, env.SHUTDOWN_GRACE_MS);

await app.listen({ port: env.PORT, host: env.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
console.log(`Reelmint API listening on http://${env.HOST}:${port} (${database.dialect})`);
