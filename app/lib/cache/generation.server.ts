import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";

/**
 * The catalogue's cache generation (docs/decisions/030-cache-generation.md): a number in the database that
 * triggers move whenever what public pages show changes (a publish, a hide, a tag or category edit).
 * In-memory caches remember the generation they were filled at and are stale once it moves.
 *
 * Reading it costs one tiny query, shared: a caller waits for a read that *started after it asked*,
 * so a change committed before a request arrives is always seen by that request (a hide through
 * server A is gone from server B on B's next request), while under load one read serves every request
 * that arrived during the previous one.
 */
export interface Generation {
  current(): Promise<number>;
}

const generations = new WeakMap<Database, Generation>();

/** The one reader per database handle. */
export function generationOf(db: Database): Generation {
  let generation = generations.get(db);
  if (!generation) {
    generation = batchedReader(async () => {
      const rows = (await db.execute(sql`select "value" from "cache_generation" where "id" = 1`)) as unknown as
        { rows: { value: string | number }[] } | { value: string | number }[];
      const row = Array.isArray(rows) ? rows[0] : rows.rows[0];
      // No row (a database from before the migration) reads as "always changed": nothing is cached.
      return row ? Number(row.value) : Number.NaN;
    });
    generations.set(db, generation);
  }
  return generation;
}

/** Serialises reads: at most one in flight, and everyone who asked while it ran gets the next one. */
export function batchedReader(read: () => Promise<number>): Generation {
  let inFlight: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const start = (): Promise<number> => {
    const p = read().finally(() => {
      if (inFlight === p) inFlight = null;
    });
    inFlight = p;
    return p;
  };
  return {
    current() {
      if (!inFlight) return start();
      // A read is running but may have started before this caller's change: wait for the one after it.
      if (!next) {
        const running = inFlight;
        next = running
          .catch(() => undefined)
          .then(() => {
            next = null;
            return start();
          });
      }
      return next;
    },
  };
}
