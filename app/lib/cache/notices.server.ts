import type { Database } from "~/lib/database";

/**
 * A database connection that hears notifications before the statement that sent one returns: PGlite in
 * process (ADR 030). Every write passes through this process (PGlite locks its folder), so what it hears
 * is exactly what has been committed — caches can follow the database instead of asking it.
 */
export interface SynchronousNotices {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

// Kept once per process, although the server (from source) and the app (from its build) each load this module.
const REGISTRY = Symbol.for("spicy-clips.synchronous-notices");
const holder = globalThis as typeof globalThis & { [REGISTRY]?: WeakMap<Database, SynchronousNotices> };
const registry = (holder[REGISTRY] ??= new WeakMap());

/** Called once the database is migrated (its notifying triggers exist). */
export function registerSynchronousNotices(db: Database, notices: SynchronousNotices): void {
  registry.set(db, notices);
}

/** The database's synchronous notices, or null (PostgreSQL, PGlite on a worker thread). */
export function synchronousNoticesOf(db: Database): SynchronousNotices | null {
  return registry.get(db) ?? null;
}
