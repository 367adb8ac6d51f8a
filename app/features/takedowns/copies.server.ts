import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clips, takedownBlocks, takedownMatches } from "~schema";
import type { Database } from "~/lib/database";
import { isUuidV4 } from "~/lib/uuid";

// Copies found by catalogue scans wait here for a moderator: hide the copy, or dismiss the match.

export const COPIES_PAGE_SIZE = 20;

export async function copiesPage(db: Database, state: "open" | "hidden" | "dismissed", page: number) {
  const original = alias(clips, "original");
  const rows = await db
    .select({
      id: takedownMatches.id,
      distance: takedownMatches.distance,
      coverage: takedownMatches.coverage,
      state: takedownMatches.state,
      createdAt: takedownMatches.createdAt,
      decidedBy: takedownMatches.decidedBy,
      clipId: clips.id,
      clipTitle: clips.title,
      clipSlug: clips.slug,
      clipStatus: clips.status,
      blockId: takedownBlocks.id,
      blockReason: takedownBlocks.reason,
      blockedTitle: takedownBlocks.clipTitle,
      blockedClipId: takedownBlocks.clipId,
      blockedSlug: original.slug,
      itemQueue: takedownBlocks.itemQueue,
      itemId: takedownBlocks.itemId,
    })
    .from(takedownMatches)
    .innerJoin(clips, eq(clips.id, takedownMatches.clipId))
    .innerJoin(takedownBlocks, eq(takedownBlocks.id, takedownMatches.blockId))
    .leftJoin(original, eq(original.id, takedownBlocks.clipId))
    .where(eq(takedownMatches.state, state))
    .orderBy(desc(takedownMatches.createdAt), desc(takedownMatches.id))
    .limit(COPIES_PAGE_SIZE + 1)
    .offset((page - 1) * COPIES_PAGE_SIZE);
  return {
    hasNext: rows.length > COPIES_PAGE_SIZE,
    items: rows.slice(0, COPIES_PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** The copy a match names, while the match is open. */
export async function openMatch(db: Database, id: string) {
  if (!isUuidV4(id)) return null;
  const [row] = await db
    .select({
      id: takedownMatches.id,
      clipId: takedownMatches.clipId,
      blockId: takedownMatches.blockId,
      distance: takedownMatches.distance,
    })
    .from(takedownMatches)
    .where(and(eq(takedownMatches.id, id), eq(takedownMatches.state, "open")))
    .limit(1);
  return row ?? null;
}

/** Closes a match as hidden or dismissed (inside the moderator's transaction). */
export async function closeMatch(tx: Pick<Database, "update">, id: string, state: "hidden" | "dismissed", by: string) {
  const rows = await tx
    .update(takedownMatches)
    .set({ state, decidedAt: new Date(), decidedBy: by })
    .where(and(eq(takedownMatches.id, id), eq(takedownMatches.state, "open")))
    .returning({ id: takedownMatches.id });
  return rows.length > 0;
}

/** Open matches, for the dashboard. */
export async function openCopiesCount(db: Database) {
  const rows = await db.select({ id: takedownMatches.id }).from(takedownMatches).where(eq(takedownMatches.state, "open")).limit(1000);
  return rows.length;
}
