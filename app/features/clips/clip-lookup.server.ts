import { asc, eq, or, sql, type SQL } from "drizzle-orm";
import { clips } from "~schema";
import type { Database } from "~/lib/database";
import { parseClipRef, type ClipRef } from "./clip-ref";

/**
 * The one way to find a clip from a reference (ADR 015): by id, by slug, or by the short id at the end of a
 * slug — an exact slug wins over a short-id match, then the newest clip. Callers add their own status filter.
 */
export function clipRefMatch(ref: ClipRef): { where: SQL; order: SQL[] } {
  if (ref.kind === "uuid") return { where: eq(clips.id, ref.id), order: [] };
  if (!ref.shortId) return { where: eq(clips.slug, ref.slug), order: [] };
  return {
    // The expression matches clips_short_id_idx exactly.
    where: or(eq(clips.slug, ref.slug), sql`left(${clips.id}::text, 8) = ${ref.shortId}`)!,
    order: [sql`${clips.slug} = ${ref.slug} desc`, sql`${clips.publishedAt} desc nulls last`, asc(clips.id)],
  };
}

const VIDEO_PATH = /^\/video\/([^/?#]+)\/?$/;

/**
 * The clip a link names when it points at /video/<id or slug> on this site's host, or null. The URL parser
 * has already percent-encoded anything a slug cannot hold.
 */
export function clipRefFromLink(link: string, origin: string): ClipRef | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.host !== new URL(origin).host) return null;
  return parseClipRef(VIDEO_PATH.exec(url.pathname)?.[1]);
}

/** What a moderator pastes: a /video/<id-or-slug> link from any host, an id, a slug or a bare short id. */
export function clipRefFromText(text: string): ClipRef | null {
  const trimmed = text.trim();
  return parseClipRef(/\/video\/([^/?#]+)/.exec(trimmed)?.[1] ?? trimmed);
}

/** The id of the clip a link on this site names, whatever its status (a report may concern a hidden clip). */
export async function clipIdFromLink(db: Database, link: string, origin: string): Promise<string | null> {
  const ref = clipRefFromLink(link, origin);
  if (!ref) return null;
  const { where, order } = clipRefMatch(ref);
  const [row] = await db
    .select({ id: clips.id })
    .from(clips)
    .where(where)
    .orderBy(...order)
    .limit(1);
  return row?.id ?? null;
}
