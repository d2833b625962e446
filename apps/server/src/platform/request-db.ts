import { AsyncLocalStorage } from 'node:async_hooks';
import { PREPARED_STATEMENTS, type Db } from '../db/client.ts';

/**
 * The database handle every module uses (`app.db`). Inside a route that the
 * platform runs in a transaction (see route-audit.ts) it is that
 * transaction, so the client gate, the handler's reads and writes and the
 * audit rows commit or roll back together; elsewhere it is the pool.
 *
 * Why a handle that follows the request rather than a `tx` argument: on the
 * embedded database a query outside the open transaction would wait for it
 * forever, so no code path may reach the pool while its request's
 * transaction is open, including helpers and adapters that were handed the
 * database long before the request began.
 */
type Scope = { tx: Db; open: boolean };

const scope = new AsyncLocalStorage<Scope>();

export function requestScopedDb(root: Db): Db {
  const current = (): Db => {
    const s = scope.getStore();
    return s?.open ? s.tx : root;
  };
  return new Proxy(root, {
    get(_target, property) {
      // Prepared statements belong to the database's session, not to one transaction.
      if (property === PREPARED_STATEMENTS) return Reflect.get(root, property, root) as unknown;
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** Runs `work` in one transaction that every use of the scoped handle joins. */
export async function inTransaction<T>(root: Db, work: () => Promise<T>): Promise<T> {
  return root.transaction(async (tx) => {
    const s: Scope = { tx, open: true };
    try {
      return await scope.run(s, work);
    } finally {
      // Work left running after the answer (a mail sent in the background)
      // must not reach a finished transaction: it uses the pool instead.
      s.open = false;
    }
  });
}

/** Whether the caller runs inside a request's transaction (for tests and assertions). */
export function inRequestTransaction(): boolean {
  return scope.getStore()?.open ?? false;
}

/**
 * Runs `work` in a savepoint of `db`'s transaction, on a handle that keeps `db`'s prepared
 * statements (db/prepared.ts): drizzle's nested transaction is a handle of its own, which
 * would otherwise plan every hot statement anew (an ERA posts each claim in a savepoint).
 */
export async function inSavepoint<T>(db: Db, work: (savepoint: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (savepoint) => {
    const kept = new Proxy(savepoint, {
      get(target, property) {
        if (property === PREPARED_STATEMENTS) return Reflect.get(db, property, db) as unknown;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
    return work(kept);
  });
}
