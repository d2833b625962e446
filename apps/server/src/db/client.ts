import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withInstalledParsers } from './pglite-parsers.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver sits underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations in ./drizzle; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
}

/** The statements prepared on a PGlite handle (db/prepared.ts), kept on its root handle. */
export const PREPARED_STATEMENTS = Symbol('prepared statements');

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client: withInstalledParsers(client), schema }) as unknown as Db;
  Object.defineProperty(db, PREPARED_STATEMENTS, { value: new Map() });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await refreshPlannerStatistics(db);
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // Several app processes may start together: one migrates, the others wait.
        await client.query('SELECT pg_advisory_lock(727001)');
        await migrate(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)');
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export const MIGRATIONS_FOLDER = new URL('../../drizzle', import.meta.url).pathname;

/** PGlite in DATA_DIR when no DATABASE_URL is given, else a PostgreSQL pool. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return wrapPglite(await openPglite(`${options.dataDir}/pglite`));
}

/**
 * Migrates as the schema owner when MIGRATION_DATABASE_URL names one, so the
 * app's own role needs no DDL rights (and cannot drop the audit triggers).
 */
export async function migrateDatabase(database: Database, ownerUrl?: string): Promise<void> {
  if (!ownerUrl || database.kind !== 'postgres') return database.migrate();
  const owner = openPostgres(ownerUrl, 1);
  try {
    await owner.migrate();
  } finally {
    await owner.close();
  }
}

/**
 * The embedded database runs no autovacuum: after migrating, seeding or a bulk load, the
 * planner knows the tables' sizes only if this runs, and the trigram indexes' pending
 * entries (written since the last vacuum, scanned in full by every search) are merged only
 * by VACUUM. Without it a name search at 10,000 clients reads the whole table. Not inside
 * a transaction; harmless on PostgreSQL, whose autovacuum does the same in time.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A transaction handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
