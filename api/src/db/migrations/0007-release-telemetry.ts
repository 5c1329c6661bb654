import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What visitors' browsers report about each remote version: load times, load failures,
    // fallbacks shown, render errors and uncaught errors traced to a remote. Nothing that names
    // a person: no address, account, visitor id, user agent or error text.
    await db.schema
      .createTable('release_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('canary', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('detail', 'text')
      .addColumn('route', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('release_events_version').on('release_events').columns(['remote', 'version', 'created_at']).execute();
    await db.schema.createIndex('release_events_created').on('release_events').column('created_at').execute();

    // Roles on accounts, granted from the command line (release-manager opens the release dashboard).
    await db.schema
      .createTable('account_roles')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'text', (c) => c.notNull())
      .addColumn('granted_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_roles_pk', ['user_id', 'role'])
      .execute();
  },
};
