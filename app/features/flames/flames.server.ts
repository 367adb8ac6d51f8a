import { and, eq, inArray, sql } from "drizzle-orm";
import { clips, userFlames } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { isUuidV4 } from "~/lib/uuid";
import { InvalidInput } from "~/lib/http/errors";

/** Who gives a flame: a signed-in user, or an anonymous id (`spicy_uid`). */
export type FlameOwner = { userId: string } | { anonymousId: string };

function ownerCondition(flameOwner: FlameOwner) {
  return "userId" in flameOwner ? eq(userFlames.userId, flameOwner.userId) : eq(userFlames.anonymousId, flameOwner.anonymousId);
}

/** A clip id that is no UUID v4: an expected failure, answered 400 by the action helper (ADR 024). */
export class InvalidClipId extends InvalidInput {
  constructor(readonly clipId: string) {
    super("errors.invalidClipId");
  }
}

/**
 * Sets the flame owner's flame on a clip to `flamed` (idempotent, so retries and
 * racing requests are harmless). The row and the clip's count change in one
 * transaction: one row per (clip, flame owner) by unique index, count never below 0.
 * Returns null when the clip does not exist or is not published.
 */
export async function setFlame(db: Database, input: { clipId: string; flameOwner: FlameOwner; flamed: boolean }) {
  if (!isUuidV4(input.clipId)) throw new InvalidClipId(input.clipId);
  return db.transaction(async (tx) => {
    const [clip] = await tx
      .select({ id: clips.id })
      .from(clips)
      .where(and(eq(clips.id, input.clipId), eq(clips.status, "published")));
    if (!clip) return null;

    if (input.flamed) {
      const added = await tx
        .insert(userFlames)
        .values({ clipId: input.clipId, ...input.flameOwner })
        .onConflictDoNothing()
        .returning({ id: userFlames.id });
      if (added.length)
        await tx
          .update(clips)
          .set({ flames: sql`${clips.flames} + 1` })
          .where(eq(clips.id, input.clipId));
    } else {
      const removed = await tx
        .delete(userFlames)
        .where(and(eq(userFlames.clipId, input.clipId), ownerCondition(input.flameOwner)))
        .returning({ id: userFlames.id });
      if (removed.length) {
        await tx
          .update(clips)
          .set({ flames: sql`greatest(${clips.flames} - 1, 0)` })
          .where(eq(clips.id, input.clipId));
      }
    }
    const [after] = await tx.select({ flames: clips.flames }).from(clips).where(eq(clips.id, input.clipId));
    return { flamed: input.flamed, flames: after?.flames ?? 0 };
  });
}

/** Which of these clips the flame owner has flamed (one indexed query). */
export async function flamedClipIds(db: Database, flameOwner: FlameOwner | null, clipIds: string[]): Promise<Set<string>> {
  if (!flameOwner || clipIds.length === 0) return new Set();
  const rows = await db
    .select({ clipId: userFlames.clipId })
    .from(userFlames)
    .where(and(ownerCondition(flameOwner), inArray(userFlames.clipId, clipIds)));
  return new Set(rows.map((r) => r.clipId));
}

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
