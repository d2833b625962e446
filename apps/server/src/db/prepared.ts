import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PREPARED_STATEMENTS, rowsOf, type Db } from './client.ts';

/**
 * Hot statements as named prepared statements on the embedded database (PGlite). Its
 * driver parses and plans every statement anew, and for the client gate's statement the
 * planning cost three times its execution (2.7 of 3.5 ms a request, measured). PostgreSQL
 * plans such a statement in a fraction of that, so there the statement runs as usual.
 *
 * The names prepared live in the one PGlite session, so the record of them hangs on the
 * root database handle (`wrapPglite` adds it); a handle without it (PostgreSQL, or a bare
 * transaction) runs the statement as usual. PREPARE is not undone by a rollback, which is
 * why a name, once made, can be kept for the handle's life.
 */
type PreparedNames = Map<string, string | null>;

const dialect = new PgDialect();

/** A statement whose text varies (a list's length) makes a name per text: this bounds them. */
const MAX_PREPARED = 200;

function namesOf(db: Db): PreparedNames | undefined {
  return (db as unknown as Record<symbol, PreparedNames | undefined>)[PREPARED_STATEMENTS];
}

/** Rows of `query`, run as a prepared statement where the handle keeps them (see above). */
export async function preparedRowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const names = namesOf(db);
  if (!names) return rowsOf<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined && names.size >= MAX_PREPARED) return rowsOf<T>(db, query);
  if (name === undefined) {
    name = await prepare(db, text, `op_prepared_${names.size + 1}`);
    names.set(text, name);
  }
  const args = name === null ? null : literalsOf(params);
  if (name === null || args === null) return rowsOf<T>(db, query);
  // EXECUTE is a utility statement: it takes no bound parameters, only literals (each an
  // untyped string that PostgreSQL reads as the prepared statement's parameter type). With
  // nothing to bind it goes by PGlite's simple protocol: two messages instead of six.
  return simpleRowsOf<T>(db, args.length === 0 ? `execute ${name}` : `execute ${name}(${args})`);
}

/** A PGlite handle's own client (the database, or the transaction's), under drizzle. */
type PgliteClient = { exec(text: string): Promise<{ rows: unknown[] }[]> };

/**
 * Rows of one statement without parameters, sent by PGlite's simple query protocol. Only
 * handles that keep prepared statements come here, and those are PGlite's, whose client
 * parses values as drizzle asks (db/pglite-parsers.ts).
 */
async function simpleRowsOf<T>(db: Db, text: string): Promise<T[]> {
  const client = (db as unknown as { session: { client: PgliteClient } }).session.client;
  const [result] = await client.exec(text);
  return (result?.rows ?? []) as T[];
}

/**
 * The parameters as quoted SQL literals; null when one is not a plain value (an array or an
 * object), and the statement then runs as usual. With standard_conforming_strings (always on
 * since PostgreSQL 9.1) a quote doubled is the only escape a string literal has.
 */
function literalsOf(params: readonly unknown[]): string | null {
  const literals: string[] = [];
  for (const value of params) {
    if (value === null || value === undefined) literals.push('null');
    else if (value instanceof Date) literals.push(`'${value.toISOString()}'`);
    else if (typeof value === 'string') literals.push(`'${value.replaceAll("'", "''")}'`);
    else if (typeof value === 'number' && Number.isFinite(value)) literals.push(`'${value}'`);
    else if (typeof value === 'bigint' || typeof value === 'boolean') literals.push(`'${value}'`);
    else return null;
  }
  return literals.join(', ');
}

/**
 * PREPAREs `text`, in a savepoint when a transaction is open, so that a statement PostgreSQL
 * cannot prepare (a parameter whose type it cannot tell) costs nothing but the try: null
 * then, and it runs as usual. Outside a transaction the SAVEPOINT itself is refused, and a
 * failed PREPARE there spoils nothing.
 */
async function prepare(db: Db, text: string, name: string): Promise<string | null> {
  const inTransaction = await tried(db, 'savepoint op_prepare');
  const prepared = await tried(db, `prepare ${name} as ${text}`);
  if (inTransaction) {
    await db.execute(sql.raw(`${prepared ? 'release' : 'rollback to'} savepoint op_prepare`));
  }
  return prepared ? name : null;
}

async function tried(db: Db, statement: string): Promise<boolean> {
  try {
    await db.execute(sql.raw(statement));
    return true;
  } catch {
    return false;
  }
}
