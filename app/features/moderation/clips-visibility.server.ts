import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { clipMediaKeys, clips } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

/**
 * Hiding flips clips.status; every public query already filters on
 * 'published', so the clip leaves pages, lists, counts, search and the
 * sitemap at once, and showing it again restores all of them.
 */
export async function setClipHidden(db: Database, actor: Actor, clipId: string, hidden: boolean, note?: string | null) {
  if (!isUuidV4(clipId)) return { ok: false as const };
  const [from, to] = hidden ? (["published", "hidden"] as const) : (["hidden", "published"] as const);
  return db.transaction(async (tx) => {
    const changed = await tx.update(clips).set({ status: to }).where(and(eq(clips.id, clipId), eq(clips.status, from))).returning({ id: clips.id });
    if (changed.length === 0) return { ok: false as const };
    await writeAudit(tx, actor, { action: hidden ? "clip_hidden" : "clip_shown", targetType: "clip", targetId: clipId, note });
    return { ok: true as const };
  });
}

/**
 * True when `key` is the video or a thumbnail of a clip that is not published, and of no published
 * clip: /media answers 404 for it, so hiding a clip withdraws its files too. The first lookup runs
 * on every media request and reads only the small index of unpublished clips.
 */
export async function isWithheldMedia(db: Database, key: string): Promise<boolean> {
  const owns = sql`${clipMediaKeys(clips)} @> array[${key}]::text[]`;
  const owner = (status: SQL) => db.select({ id: clips.id }).from(clips).where(and(status, owns)).limit(1);
  if ((await owner(ne(clips.status, "published"))).length === 0) return false;
  return (await owner(eq(clips.status, "published"))).length === 0;
}

/** A clip id from a UUID, a /video/<id-or-slug> URL or a slug ending in the 8-hex short id. */
export async function findClipForModeration(db: Database, raw: string) {
  const text = raw.trim();
  const segment = (text.match(/\/video\/([^/?#]+)/)?.[1] ?? text).toLowerCase();
  const columns = { id: clips.id, title: clips.title, status: clips.status, slug: clips.slug, thumbnailKey: clips.thumbnail1Key, videoKey: clips.videoKey };
  if (isUuidV4(segment)) {
    const [row] = await db.select(columns).from(clips).where(eq(clips.id, segment)).limit(1);
    return row ?? null;
  }
  const [bySlug] = await db.select(columns).from(clips).where(eq(clips.slug, segment)).limit(1);
  return bySlug ?? null;
}

export async function clipForItem(db: Database, clipId: string) {
  if (!isUuidV4(clipId)) return null;
  const [row] = await db
    .select({ id: clips.id, title: clips.title, status: clips.status, slug: clips.slug, thumbnailKey: clips.thumbnail1Key, videoKey: clips.videoKey })
    .from(clips)
    .where(eq(clips.id, clipId))
    .limit(1);
  return row ?? null;
}
