import { types, type PGlite, type Transaction } from "@electric-sql/pglite";

// Drizzle's PGlite driver passes the same parsers with every query: dates, times and intervals (and their arrays) kept
// as the text PostgreSQL sent, which Drizzle's columns then map. PGlite merges a query's parsers into a copy of its
// own table of about 380 (one per type and array type) for each query — 0.08 ms, more than half of what a
// one-row read costs in process. Here the instance's own table carries those parsers once, and a query that passes
// exactly Drizzle's set is sent without it: the rows are the same, the copy is gone
// (docs/decisions/245-pglite-driver-parsers-once.md).

const asSent = (value: string) => value;

/** The types Drizzle's PGlite driver leaves as text (drizzle-orm/pglite/session.js), with their array types. */
export const DRIVER_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type QueryOptions = Parameters<PGlite["query"]>[2];

/** Whether these are the driver's parsers: exactly its types, each kept as text. */
function isDriverSet(parsers: NonNullable<QueryOptions>["parsers"]): boolean {
  if (!parsers) return false;
  const keys = Object.keys(parsers);
  return keys.length === DRIVER_TEXT_TYPES.length && DRIVER_TEXT_TYPES.every((type) => type in parsers);
}

/**
 * The options as sent on: without `parsers` when they are the driver's, whose work the instance's table now does.
 * The table's entries are set again first, in case PGlite rebuilt its array parsers meanwhile (refreshArrayTypes).
 */
function sendable(client: PGlite, options: QueryOptions): QueryOptions {
  if (!options || !isDriverSet(options.parsers)) return options;
  for (const type of DRIVER_TEXT_TYPES) if (client.parsers[type] !== asSent) client.parsers[type] = asSent;
  const { parsers: _driver, ...rest } = options;
  return rest;
}

/** Queries of `client` (and of its transactions) that pass the driver's parsers no longer make PGlite copy its table. */
export function withDriverParsersOnce(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, sendable(client, options))) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, sendable(client, options))) as Transaction["query"];
      return callback(tx);
    })) as PGlite["transaction"];
}
