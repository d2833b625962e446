import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type ParserTable = Record<number, (value: string, typeId: number) => unknown>;
type Query = PGlite['query'];

/**
 * Drizzle hands PGlite its own parsers (dates, times and intervals kept as the text the
 * database sent) with every statement, and PGlite then copies its whole table of parsers
 * (one per type and array type in the schema: 425 here) to merge them in: 0.1 ms a
 * statement, half of a one-row query's cost, measured. The parsers a statement brings are
 * installed on the client instead, once per type, and left out of the call, so every value
 * is parsed exactly as drizzle asked.
 */
export function withInstalledParsers(client: PGlite): PGlite {
  const table = (client as unknown as { parsers: ParserTable }).parsers;
  const lighter = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    // A few assignments: cheaper than a check, and right even after PGlite adds array types.
    for (const typeId in parsers) table[Number(typeId)] = parsers[Number(typeId)]!;
    return rest;
  };
  const queryOf =
    (query: Query): Query =>
    (text, params, options) =>
      query(text, params, lighter(options));
  client.query = queryOf(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = queryOf(tx.query.bind(tx));
      return callback(tx);
    });
  return client;
}
