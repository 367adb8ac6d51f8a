import { eq } from "drizzle-orm";
import { userFlames } from "~schema";
import type { Database } from "~/lib/database";
import { CHANNELS } from "~/lib/db/channels";
import { hasTriggers, perDatabase, synchronousNoticesOf } from "~/lib/db/engine.server";
import type { FlameOwner } from "./owner";

/**
 * The clips a flame owner has flamed, kept in memory on a database with synchronous notices (PGlite in process,
 * ADR 045): loaded once per owner with one query, then kept exact by the `user_flames` announcements (migration
 * 0020), which arrive before the flame's statement returns. A page asking which of its clips this visitor flamed
 * then needs no query. Keyed by the owner alone: one owner's set is never read for another.
 *
 * Null on other databases (PostgreSQL, PGlite on its worker thread), which are asked every time.
 */
export interface FlamedSets {
  of(owner: FlameOwner): Promise<ReadonlySet<string>>;
}

/** Owners whose sets are kept; the least recently used is dropped (and loaded again if it comes back). */
const MAX_OWNERS = 10_000;

export const flamedSetsOf: (db: Database) => Promise<FlamedSets | null> = perDatabase("flamed-sets", (db) => open(db));

const keyOf = (owner: FlameOwner) => ("userId" in owner ? `u:${owner.userId}` : `a:${owner.anonymousId}`);

async function open(db: Database): Promise<FlamedSets | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  if (!(await hasTriggers(db, "user_flames_notify"))) return null;

  const owners = new Map<string, Promise<Set<string>>>();
  await notices.listen(CHANNELS.userFlames, (payload) => {
    const [change, owner, clipId] = payload.split(" ");
    const set = owner && clipId ? owners.get(owner) : undefined;
    // Applied in order once the set is loaded; adding or removing twice is harmless.
    void set?.then((clips) => (change === "+" ? clips.add(clipId!) : clips.delete(clipId!)));
  });

  return {
    of(owner) {
      const key = keyOf(owner);
      let set = owners.get(key);
      if (set) {
        // Most recently used last.
        owners.delete(key);
        owners.set(key, set);
        return set;
      }
      if (owners.size >= MAX_OWNERS) owners.delete(owners.keys().next().value!);
      set = load(db, owner);
      owners.set(key, set);
      set.catch(() => owners.get(key) === set && owners.delete(key));
      return set;
    },
  };
}

async function load(db: Database, owner: FlameOwner): Promise<Set<string>> {
  const condition = "userId" in owner ? eq(userFlames.userId, owner.userId) : eq(userFlames.anonymousId, owner.anonymousId);
  const rows = await db.select({ clipId: userFlames.clipId }).from(userFlames).where(condition);
  return new Set(rows.map((row) => row.clipId));
}
