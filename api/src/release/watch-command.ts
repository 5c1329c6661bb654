// `npm run release -- watch [--once] [--minutes 60]`: the release figures in the terminal, every few
// seconds, read from the API's database and the pointer's store (same environment as the API).
import { parseArgs } from 'node:util';
import { openConfiguredDatabase, readEnv, releaseFilesFromEnv } from '../config.ts';
import { openReleaseSource } from './source.ts';
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
const config = readEnv();
const database = await openConfiguredDatabase(config);
const source = await openReleaseSource(releaseFilesFromEnv(config, process.env));
const show = async () => {
  const report = await watchReport(database.db, source, new Date(), minutes);
  // Clear the screen between refreshes so the figures stay in place.
  process.stdout.write(values.once ? `${report}\n` : `\x1b[2J\x1b[H${report}\n\n(refreshing every ${every} s; Ctrl+C to stop)\n`);
};
await show();
if (values.once) {
  await Promise.all([database.close(), source.close()]);
} else {
  const timer = setInterval(() => void show().catch((error: unknown) => console.error(error instanceof Error ? error.message : error)), every * 1000);
  process.once('SIGINT', () => {
    clearInterval(timer);
    void Promise.all([database.close(), source.close()]).then(() => process.exit(0));
  });
}
