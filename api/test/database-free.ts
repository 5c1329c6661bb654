/**
 * Test files that open no database: no app, no store, nothing the dialect could change. The PostgreSQL run
 * (DATABASE_URL set) leaves them to the SQLite run, where they do exactly the same; `freshDatabase` refuses to open a
 * database for one of them, so a file that starts to need one cannot stay here unnoticed. Every file that builds an
 * app or opens a database runs on both.
 */
export const DATABASE_FREE_TESTS = [
  'test/config.test.ts',
  'test/local-engine.test.ts',
  'test/locale-texts.test.ts',
  'test/mail-languages.test.ts',
  'test/template-texts.test.ts',
];
