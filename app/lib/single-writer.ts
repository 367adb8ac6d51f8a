import type { Database } from "~/lib/database";

/**
 * A database that runs one statement at a time on one connection: PGlite, in process or on its worker (ADR 111).
 * Nothing else can hold a row lock while one of its statements runs, so writes may be gathered into one statement
 * without any risk of deadlock — which PostgreSQL with a pool of connections does not allow.
 */

// Kept once per process, although the server (from source) and the app (from its build) each load this module.
const REGISTRY = Symbol.for("spicy-clips.single-writer");
const holder = globalThis as typeof globalThis & { [REGISTRY]?: WeakSet<Database> };
const registry = (holder[REGISTRY] ??= new WeakSet());

export function registerSingleWriter(db: Database): void {
  registry.add(db);
}

export function isSingleWriter(db: Database): boolean {
  return registry.has(db);
}
