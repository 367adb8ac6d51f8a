import { asc, eq, inArray } from "drizzle-orm";
import { clipTags, tags } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";

export interface TagChip {
  slug: string;
  name: string;
}

/** The tags of each clip in the visitor's language, in one query for a whole page of clips. */
export async function tagsForClips(db: Database, clipIds: string[], language: Language): Promise<Map<string, TagChip[]>> {
  const byClip = new Map<string, TagChip[]>(clipIds.map((id) => [id, []]));
  if (clipIds.length === 0) return byClip;
  const rows = await db
    .select({ clipId: clipTags.clipId, slug: tags.slug, name: localName(language, tags) })
    .from(clipTags)
    .innerJoin(tags, eq(tags.id, clipTags.tagId))
    .where(inArray(clipTags.clipId, clipIds))
    .orderBy(asc(clipTags.clipId), asc(clipTags.position));
  for (const row of rows) byClip.get(row.clipId)?.push({ slug: row.slug, name: row.name });
  return byClip;
}

/** Each card of a page with its tags, in the page's order. */
export async function withTagChips<Card extends { id: string }>(
  db: Database,
  cards: Card[],
  language: Language,
): Promise<{ clip: Card; tags: TagChip[] }[]> {
  const chips = await tagsForClips(
    db,
    cards.map((clip) => clip.id),
    language,
  );
  return cards.map((clip) => ({ clip, tags: chips.get(clip.id) ?? [] }));
}
