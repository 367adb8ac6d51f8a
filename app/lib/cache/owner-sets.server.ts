import type { Database } from "~/lib/database";
import { hasTriggers, synchronousNoticesOf } from "~/lib/db/engine.server";

/**
 * Per visitor, a set of clip ids kept in memory on a database with synchronous notices (PGlite in process, ADR 045):
 * loaded once per owner with one query, then kept exact by a trigger's announcements, which arrive before the
 * writing statement returns. A page asking which of its clips this visitor flamed, or marked "Not interested", then
 * needs no query. Keyed by the owner alone: one owner's set is never read for another.
 *
 * The announcements read "<+|-> <u|a>:<owner id> <clip id>" (docs/database.md § Notification channels). Null on other
 * databases (PostgreSQL, PGlite on its worker thread), and where the trigger is missing: those are asked every time.
 */
export interface OwnerSets {
  of(owner: SetOwner): Promise<ReadonlySet<string>>;
}

export type SetOwner = { userId: string } | { anonymousId: string };

/** Owners whose sets are kept; the least recently used is dropped (and loaded again if it comes back). */
const MAX_OWNERS = 10_000;

const keyOf = (owner: SetOwner) => ("userId" in owner ? `u:${owner.userId}` : `a:${owner.anonymousId}`);

export async function followOwnerSets(
  db: Database,
  follow: { channel: string; trigger: string; load: (owner: SetOwner) => Promise<Set<string>> },
): Promise<OwnerSets | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  if (!(await hasTriggers(db, follow.trigger))) return null;

  const owners = new Map<string, Promise<Set<string>>>();
  await notices.listen(follow.channel, (payload) => {
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
      set = follow.load(owner);
      owners.set(key, set);
      set.catch(() => owners.get(key) === set && owners.delete(key));
      return set;
    },
  };
}
