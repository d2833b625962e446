import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_STATEMENTS, rowsOf, type Database } from '../src/db/client.ts';
import { preparedRowsOf } from '../src/db/prepared.ts';
import { testDatabase } from './harness.ts';

/**
 * Hot statements run as prepared statements on the embedded database (db/prepared.ts): the
 * answers are the same as unprepared, whatever the values hold, and a statement that cannot
 * be prepared still answers, inside a transaction too.
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

const preparedCount = async () => {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_prepared_statements where name like 'op_prepared_%'`,
  );
  return row?.n ?? 0;
};

describe('prepared statements', () => {
  it('answers as unprepared for quotes, backslashes, nulls, dates and numbers, and prepares once', async () => {
    const tricky = `O'Brien \\ '); drop table clients; --`;
    const query = (name: string) =>
      sql`select ${name}::text as name, ${42}::int as n, ${null}::int as nothing,
                 ${new Date('2026-01-02T03:04:05.000Z')}::timestamptz as at, ${true}::boolean as yes`;
    const before = await preparedCount();
    for (const name of [tricky, 'José', tricky]) {
      const [row] = await preparedRowsOf<Record<string, unknown>>(database.db, query(name));
      expect(row).toEqual({
        name,
        n: 42,
        nothing: null,
        at: expect.anything() as unknown,
        yes: true,
      });
      expect(new Date(String(row?.at)).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    }
    const onPglite = database.kind === 'pglite';
    expect(PREPARED_STATEMENTS in database.db).toBe(onPglite);
    expect(await preparedCount()).toBe(before + (onPglite ? 1 : 0));
    const [clients] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from clients`,
    );
    expect(clients?.n).toBeGreaterThan(0);
  });

  it('runs a statement that cannot be prepared as usual, and the transaction goes on', async () => {
    const answer = await database.db.transaction(async (tx) => {
      // Handed the root handle's record, as the request-scoped handle is inside a request.
      const scoped = Object.assign(Object.create(tx) as typeof tx, {
        [PREPARED_STATEMENTS]: (database.db as unknown as Record<symbol, unknown>)[
          PREPARED_STATEMENTS
        ],
      });
      const [untyped] = await preparedRowsOf<{ v: string }>(scoped, sql`select ${'plain'} as v`);
      const [listed] = await preparedRowsOf<{ n: number }>(
        scoped,
        sql`select length(${Buffer.from('abc')}::bytea) as n`,
      );
      const [after] = await rowsOf<{ ok: number }>(tx, sql`select 1 as ok`);
      return { untyped: untyped?.v, listed: listed?.n, after: after?.ok };
    });
    expect(answer).toEqual({ untyped: 'plain', listed: 3, after: 1 });
  });
});
