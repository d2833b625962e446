import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type ParserTable = Record<number, (value: string, typeId: number) => unknown>;
type Query = PGlite['query'];

/** timestamp, timestamptz, interval, date, numeric[], timestamp[], timestamptz[], interval[], date[] */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

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
  // Installed at once too, for statements sent without drizzle (db/prepared.ts): the types
  // drizzle-orm/pglite keeps as text (dates, times, intervals and their arrays).
  for (const typeId of DRIZZLE_TEXT_TYPES) table[typeId] = (value) => value;
  const lighter = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    // A few assignments: cheaper than a check, and right even after PGlite adds array types.
    for (const [typeId, parse] of Object.entries(parsers))
      table[Number(typeId)] = parse as ParserTable[number];
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
