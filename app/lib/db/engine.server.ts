import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/database";

/**
 * The three ways this site runs on a database, decided once when the database is opened (`app/lib/db.server.ts`)
 * and asked everywhere else through this module (docs/decisions/118-three-engine-modes.md):
 *
 * - `pglite-in-process`: PGlite in the server's own thread. One statement at a time on one connection (a single
 *   writer), and notifications arrive before the statement that sent them returns (synchronous notices), so
 *   in-memory caches follow the database instead of asking it.
 * - `pglite-worker`: PGlite on a worker thread. Still a single writer, but notifications arrive later, so caches
 *   ask the database as on PostgreSQL.
 * - `postgresql`: a pool of connections, maybe several app servers: no single writer, no synchronous notices.
 */
export type EngineMode = "pglite-in-process" | "pglite-worker" | "postgresql";

/**
 * A database connection that hears notifications before the statement that sent one returns: PGlite in
 * process (ADR 030). Every write passes through this process (PGlite locks its folder), so what it hears
 * is exactly what has been committed — caches can follow the database instead of asking it.
 */
export interface SynchronousNotices {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

interface Engine {
  mode: EngineMode;
  notices: SynchronousNotices | null;
}

// One registry per process: the server (from source) and the app (from its build) each load this module and the
// modules that keep something per database, and must share what they keep.
const REGISTRY = Symbol.for("spicy-clips.per-database");
const holder = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, WeakMap<Database, unknown>> };
const registry = (holder[REGISTRY] ??= new Map());

/**
 * What the process keeps for each database handle under `name` (a cache, a batcher, a listener), made on first
 * use by `create` and shared by every copy of the calling module. Gone with the handle.
 */
export function perDatabase<T>(name: string, create: (db: Database) => T): (db: Database) => T {
  let values = registry.get(name) as WeakMap<Database, T> | undefined;
  if (!values) registry.set(name, (values = new WeakMap()));
  const kept = values;
  return (db) => {
    if (!kept.has(db)) kept.set(db, create(db));
    return kept.get(db)!;
  };
}

const engines = perDatabase<Engine>("engine", () => ({ mode: "postgresql", notices: null }));

/** Called by `openDatabase` as it opens a PGlite database (a handle never registered is PostgreSQL). */
export function registerEngine(db: Database, mode: EngineMode): void {
  engines(db).mode = mode;
}

/** Called once the in-process database is migrated: its notifying triggers exist. */
export function registerSynchronousNotices(db: Database, notices: SynchronousNotices): void {
  if (engineModeOf(db) === "pglite-in-process") engines(db).notices = notices;
}

export function engineModeOf(db: Database): EngineMode {
  return engines(db).mode;
}

/**
 * One statement at a time on one connection (PGlite, in process or on its worker; ADR 111): nothing else can hold
 * a row lock while one of its statements runs, so writes may be gathered into one statement without any risk of
 * deadlock — which PostgreSQL with a pool of connections does not allow.
 */
export function isSingleWriter(db: Database): boolean {
  return engineModeOf(db) !== "postgresql";
}

/** The database's synchronous notices, or null (PostgreSQL, PGlite on a worker thread). */
export function synchronousNoticesOf(db: Database): SynchronousNotices | null {
  return engines(db).notices;
}

/**
 * Whether every one of these triggers exists: a cache that follows notifications listens only when the triggers
 * that send them are there (a database migrated by an older build keeps being read).
 */
export async function hasTriggers(db: Database, ...names: string[]): Promise<boolean> {
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = (await db.execute(sql`select tgname from pg_trigger where tgname in (${list})`)) as unknown as
    { rows: { tgname: string }[] } | { tgname: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return new Set(rows.map((row) => row.tgname)).size === new Set(names).size;
}

/** The rows of a raw statement, as either engine's driver returns them (PGlite: `{ rows }`; node-postgres: the same, or an array). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** A list of UUIDs as one array parameter (`= any(${uuidArray(ids)})`): one bound value, however long the list. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/** A list of texts as one array parameter (`= any(${textArray(values)})`), each element quoted and escaped. */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;
}
