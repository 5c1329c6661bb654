// `npm run release -- watch [--once] [--minutes 60]`: the release figures in the terminal, every few
// seconds, read from the API's database and the release CLI's files (same environment as the API).
import { parseArgs } from 'node:util';
import { DEFAULT_RELEASE_FILES } from '../app.ts';
import { openConfiguredDatabase, readEnv, releaseFilesFromEnv } from '../config.ts';
import { fileSource } from './source.ts';
import { watchReport } from './watch.ts';

const { values } = parseArgs({
  options: { once: { type: 'boolean', default: false }, minutes: { type: 'string', default: '60' }, every: { type: 'string', default: '5' } },
});
const minutes = Number(values.minutes);
const every = Number(values.every);
if (!Number.isInteger(minutes) || minutes <= 0 || !(every > 0)) {
  console.error('--minutes must be a whole number above 0 and --every a number of seconds above 0');
  process.exit(1);
}
const database = await openConfiguredDatabase(readEnv());
const source = fileSource({ ...DEFAULT_RELEASE_FILES, ...releaseFilesFromEnv(process.env) });
const show = async () => {
  const report = await watchReport(database.db, source, new Date(), minutes);
  // Clear the screen between refreshes so the figures stay in place.
  process.stdout.write(values.once ? `${report}\n` : `\x1b[2J\x1b[H${report}\n\n(refreshing every ${every} s; Ctrl+C to stop)\n`);
};
await show();
if (values.once) {
  await database.close();
} else {
  const timer = setInterval(() => void show().catch((error: unknown) => console.error(error instanceof Error ? error.message : error)), every * 1000);
  process.once('SIGINT', () => {
    clearInterval(timer);
    void database.close().then(() => process.exit(0));
  });
}
