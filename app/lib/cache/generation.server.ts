import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import { hasTriggers, perDatabase, rowsOf, synchronousNoticesOf } from "~/lib/db/engine.server";
import { CHANNELS } from "~/lib/db/channels";

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

/** The one generation per database handle; how it is known may change once (followGeneration). */
const generations = perDatabase("cache-generation", (db): Generation & { source: Generation } => {
  const entry = {
    source: batchedReader(() => readGeneration(db)),
    current: () => entry.source.current(),
  };
  return entry;
});

export function generationOf(db: Database): Generation {
  return generations(db);
}

async function readGeneration(db: Database): Promise<number> {
  const row = (await rowsOf<{ value: string | number }>(db, sql`select "value" from "cache_generation" where "id" = 1`))[0];
  // No row (a database from before the migration) reads as "always changed": nothing is cached.
  return row ? Number(row.value) : Number.NaN;
}

/**
 * For a database with synchronous notices (PGlite in process) the generation is followed from the
 * `cache_generation` notifications (migration 0015) instead of read for every request: exactly as fresh,
 * without a query. A database without the notifying trigger keeps being read.
 */
export async function followGeneration(db: Database): Promise<void> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return;
  if (!(await hasTriggers(db, "cache_generation_notify"))) return;
  let value = Number.NaN;
  await notices.listen(CHANNELS.cacheGeneration, (payload) => {
    value = Number(payload);
  });
  // Read after listening: no move can fall between the two.
  value = await readGeneration(db);
  generations(db).source = { current: () => Promise.resolve(value) };
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
