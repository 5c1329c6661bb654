import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_FREE_TESTS } from './test/database-free.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The PostgreSQL run skips no test that touches a database; the rest (an ffmpeg render, strings, config) run once.
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...DATABASE_FREE_TESTS] : configDefaults.exclude,
    environment: 'node',
    // Passwords are hashed at a test cost (see TEST_PASSWORD_HASHING in src/accounts/passwords.ts).
    setupFiles: ['./test/setup.ts'],
    // Real ffmpeg renders and argon2 hashes share two cores; give them room without hiding hangs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files reuse a worker and its loaded modules: every test builds its own app, database and ports,
    // and loading the API once per file cost about 40 s of the two cores per database.
    isolate: false,
    maxWorkers: 2,
  },
});
