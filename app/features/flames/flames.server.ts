import { and, eq, inArray, sql } from "drizzle-orm";
import { clips, userFlames } from "~schema";
import type { Database } from "~/lib/database";
import { isUuidV4 } from "~/lib/uuid";
import { InvalidInput } from "~/lib/http/errors";
import { noteFlamedStateRead } from "~/lib/cache/personal-reads.server";
import { flamedSetsOf } from "./flamed-sets.server";
import { FlameBatcher, writeFlame } from "./flame-batch.server";
import { isSingleWriter, perDatabase, rowsOf, textArray, uuidArray } from "~/lib/db/engine.server";
import { freshBatch } from "~/lib/cache/fresh-batch.server";
import type { FlameOwner } from "./owner";

export type { FlameOwner };

/** A clip id that is no UUID v4: an expected failure, answered 400 by the action helper (ADR 024). */
export class InvalidClipId extends InvalidInput {
  constructor(readonly clipId: string) {
    super("errors.invalidClipId");
  }
}

/**
 * Sets the flame owner's flame on a clip to `flamed` (idempotent, so retries and
 * racing requests are harmless). The row and the clip's count change in one
 * statement, so in one transaction: one row per (clip, flame owner) by unique index,
 * count never below 0, and the count moves only when a row was added or removed.
 * Returns null when the clip does not exist or is not published.
 *
 * One call of the `set_flame` function (migration 0022, ADR 107) rather than a transaction of five: on
 * PGlite each round trip costs as much as the work, and the function's statements are planned once per
 * connection (docs/performance.md § Throughput, "where the time went" and "the flame function"). The clip's row is locked first, before
 * any flame row: a flame moving the clip's band rewrites other owners' rows under that lock (ADR 047), so
 * taking them in the other order deadlocks.
 *
 * On a single-writer database (PGlite) flames that arrive together are written by one call of `set_flames`
 * (migration 0023, ADR 111): each caller still gets its own count, and a clip's count and counters move once
 * for the batch.
 */
export async function setFlame(db: Database, input: { clipId: string; flameOwner: FlameOwner; flamed: boolean }) {
  if (!isUuidV4(input.clipId)) throw new InvalidClipId(input.clipId);
  const [userId, anonymousId] = "userId" in input.flameOwner ? [input.flameOwner.userId, null] : [null, input.flameOwner.anonymousId];
  const write = { clipId: input.clipId, userId, anonymousId, flamed: input.flamed };
  const counts = isSingleWriter(db) ? await batcherOf(db).write(write) : await writeFlame(db, write);
  if (counts.before === null) return null;
  return { flamed: input.flamed, flames: counts.after ?? counts.before };
}

const batcherOf = perDatabase("flame-batcher", (db) => new FlameBatcher(db));

/** Which of these clips the flame owner has flamed (kept in memory on PGlite in process, else one batched query). */
export async function flamedClipIds(db: Database, flameOwner: FlameOwner | null, clipIds: string[]): Promise<Set<string>> {
  noteFlamedStateRead(clipIds);
  if (!flameOwner || clipIds.length === 0) return new Set();
  const known = await (await flamedSetsOf(db))?.of(flameOwner);
  if (known) return new Set(clipIds.filter((id) => known.has(id)));
  const owner = "userId" in flameOwner ? `u:${flameOwner.userId}` : `a:${flameOwner.anonymousId}`;
  const flamed = await flamedReaderOf(db)(clipIds.map((id) => `${id} ${owner}`));
  return new Set(clipIds.filter((id) => flamed.has(`${id} ${owner}`)));
}

/**
 * The flamed states of the pages asked for while the previous read ran, whoever their owners, in one statement
 * (app/lib/cache/fresh-batch.server.ts: never from before the caller asked). A key is `<clip id> <u|a>:<owner id>`;
 * the answer holds the keys that are flamed. A statement per page was a query for every page a flamer loads.
 */
const flamedReaderOf = perDatabase("flamed-state-reader", (db) =>
  freshBatch(async (keys: string[]): Promise<Map<string, true>> => {
    const clipIds = new Set<string>();
    const users = new Set<string>();
    const anonymous = new Set<string>();
    for (const key of keys) {
      const space = key.indexOf(" ");
      clipIds.add(key.slice(0, space));
      (key[space + 1] === "u" ? users : anonymous).add(key.slice(space + 3));
    }
    const rows = await rowsOf<{ clip_id: string; user_id: string | null; anonymous_id: string | null }>(
      db,
      sql`select clip_id, user_id, anonymous_id from user_flames where clip_id = any(${uuidArray([...clipIds])})
        and (user_id = any(${textArray([...users])}) or anonymous_id = any(${uuidArray([...anonymous])}))`,
    );
    return new Map(rows.map((row) => [`${row.clip_id} ${row.user_id !== null ? `u:${row.user_id}` : `a:${row.anonymous_id}`}`, true]));
  }),
);

/**
 * On sign-in, the visitor's anonymous flames become the user's (docs/product.md §7.3, ADR 018). A
 * clip both had flamed keeps one flame: the duplicate is dropped and the count
 * goes down by one, so nothing is counted twice.
 */
export async function mergeAnonymousFlames(db: Database, input: { anonymousId: string; userId: string }) {
  if (!isUuidV4(input.anonymousId)) return { moved: 0, merged: 0 };
  return db.transaction(async (tx) => {
    const duplicates = await tx
      .delete(userFlames)
      .where(
        and(
          eq(userFlames.anonymousId, input.anonymousId),
          sql`${userFlames.clipId} in (select clip_id from user_flames where user_id = ${input.userId})`,
        ),
      )
      .returning({ clipId: userFlames.clipId });
    if (duplicates.length) {
      await tx
        .update(clips)
        .set({ flames: sql`greatest(${clips.flames} - 1, 0)` })
        .where(
          inArray(
            clips.id,
            duplicates.map((d) => d.clipId),
          ),
        );
    }
    const moved = await tx
      .update(userFlames)
      .set({ userId: input.userId, anonymousId: null })
      .where(eq(userFlames.anonymousId, input.anonymousId))
      .returning({ id: userFlames.id });
    return { moved: moved.length, merged: duplicates.length };
  });
}
