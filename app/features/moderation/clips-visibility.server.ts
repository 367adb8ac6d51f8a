import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { clipMediaKeys, clips } from "~schema";
import type { Database } from "~/lib/database";
import { contentTypeFor } from "~/lib/storage/index.server";
import { clipRefMatch, clipRefFromText } from "~/features/clips/index.server";
import { liftBlocks } from "~/features/takedowns/index.server";
import { ownerVideoKey } from "~/lib/storage/derived-keys";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Hiding flips clips.status; every public query already filters on
 * 'published', so the clip leaves pages, lists, counts, search and the
 * sitemap at once, and showing it again restores all of them.
 */
export async function setClipHidden(
  db: Database,
  actor: Actor,
  clipId: string,
  hidden: boolean,
  note?: string | null,
  /** More of the same change, in its transaction (a takedown adds the clip to the block list). */
  also?: (tx: Tx) => Promise<void>,
) {
  if (!isUuidV4(clipId)) return { ok: false as const };
  const [from, to] = hidden ? (["published", "hidden"] as const) : (["hidden", "published"] as const);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(clips)
      .set({ status: to })
      .where(and(eq(clips.id, clipId), eq(clips.status, from)))
      .returning({ id: clips.id });
    if (changed.length === 0) return { ok: false as const };
    await writeAudit(tx, actor, { action: hidden ? "clip_hidden" : "clip_shown", targetType: "clip", targetId: clipId, note });
    // A clip shown again is no longer blocked: its copies may be published.
    if (!hidden && (await liftBlocks(tx, clipId)) > 0)
      await writeAudit(tx, actor, { action: "block_lifted", targetType: "clip", targetId: clipId, note });
    await also?.(tx);
    return { ok: true as const };
  });
}

/**
 * True when `key` is the video or a thumbnail of a clip that is not published, or a file made from
 * that video (rendition, storyboard, captions), and of no published clip: /media answers 404 for it, so hiding a clip withdraws its files too. The first lookup runs
 * on every media request and reads only the small index of unpublished clips.
 */
export async function isWithheldMedia(db: Database, requested: string): Promise<boolean> {
  // A rendition, storyboard or caption follows its video (app/lib/storage/derived-keys.ts).
  const key = ownerVideoKey(requested) ?? requested;
  const owns = sql`${clipMediaKeys(clips)} @> array[${key}]::text[]`;
  const owner = (status: SQL) => db.select({ id: clips.id }).from(clips).where(and(status, owns)).limit(1);
  if ((await owner(ne(clips.status, "published"))).length === 0) return false;
  return (await owner(eq(clips.status, "published"))).length === 0;
}

const moderationColumns = {
  id: clips.id,
  title: clips.title,
  status: clips.status,
  slug: clips.slug,
  thumbnailKey: clips.thumbnail1Key,
  videoKey: clips.videoKey,
};

/**
 * A clip, in any state, from what a moderator pastes: a UUID, a /video/<id-or-slug> URL, a slug, or
 * the 8-hex short id alone or at the end of a slug (ADR 015).
 */
export async function findClipForModeration(db: Database, raw: string) {
  const ref = clipRefFromText(raw);
  if (!ref) return null;
  const { where, order } = clipRefMatch(ref);
  const [row] = await db
    .select(moderationColumns)
    .from(clips)
    .where(where)
    .orderBy(...order)
    .limit(1);
  return row ?? null;
}

export async function clipForItem(db: Database, clipId: string) {
  if (!isUuidV4(clipId)) return null;
  const [row] = await db.select(moderationColumns).from(clips).where(eq(clips.id, clipId)).limit(1);
  return row ?? null;
}

const CLIP_FILES = { video: "videoKey", thumbnail: "thumbnailKey" } as const;
export type ClipFile = keyof typeof CLIP_FILES;

/** Where a moderator previews a clip's file: private, so it works for hidden clips too (/media withholds them). */
export const clipFileUrl = (clipId: string, file: ClipFile) => `/admin/clips/${clipId}/${file}`;

/** A clip's video or first thumbnail, for the moderator preview route. */
export async function clipFile(db: Database, clipId: string, file: string): Promise<{ key: string; type: string } | null> {
  if (!(file in CLIP_FILES)) return null;
  const row = await clipForItem(db, clipId);
  const key = row?.[CLIP_FILES[file as ClipFile]];
  return key ? { key, type: contentTypeFor(key) } : null;
}
