import { setPasswordHashing } from './accounts/passwords.ts';
import { buildApp } from './app.ts';
import { openConfiguredDatabase, optionsFromEnv, passwordHashingFromEnv, readEnv } from './config.ts';

const config = readEnv();
setPasswordHashing(passwordHashingFromEnv());
const database = await openConfiguredDatabase(config);
const app = await buildApp(optionsFromEnv(config, database));

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Reelmint API listening on http://${config.host}:${port} (${database.dialect})`);
