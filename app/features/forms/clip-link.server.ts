import { eq, or, sql } from "drizzle-orm";
import { clips } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { parseVideoRef } from "~/features/clips";

/**
 * The clip a link names when it points at /video/<id or slug> on this site
 * (whatever the clip's status: a report may concern a clip already hidden).
 */
export async function clipIdFromUrl(db: Database, url: string, origin: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host !== new URL(origin).host) return null;
  // The URL parser has already percent-encoded anything a slug cannot hold.
  const match = /^\/video\/([^/]+)\/?$/.exec(parsed.pathname);
  const ref = parseVideoRef(match?.[1]);
  if (!ref) return null;
  const where =
    ref.kind === "uuid"
      ? eq(clips.id, ref.id)
      : ref.idPrefix
        ? or(eq(clips.slug, ref.slug), sql`left(${clips.id}::text, 8) = ${ref.idPrefix}`)
        : eq(clips.slug, ref.slug);
  const [row] = await db
    .select({ id: clips.id })
    .from(clips)
    .where(where)
    .orderBy(sql`${clips.slug} = ${ref.kind === "slug" ? ref.slug : ""} desc`, clips.id)
    .limit(1);
  return row?.id ?? null;
}
