import { and, arrayOverlaps, asc, count, desc, eq, exists, inArray, notInArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { clips, clipTags, tags, videoCategories, type Audience } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n/languages";
import { totalPagesFor } from "~/lib/pagination";
import { clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { tagsForClips, type TagChip } from "~/features/clips/index.server";
import { tagTermForms, type TagSort } from "./tag-match";

export const TAG_PAGE_SIZE = 10;
/** More matching tags than this means the term is too vague to be useful anyway. */
const MATCHING_TAGS_LIMIT = 50;
/** Related tags are counted over this many of the newest matching clips, so the work stays bounded. */
const RELATED_TAGS_POOL = 500;
const RELATED_TAGS_LIMIT = 10;

const lowered = (column: AnyColumn) => sql`lower(trim(${column}))`;

/**
 * SPEC 5 tag matching in SQL (the twin of `tagMatches`): a tag's slug or name,
 * in either language, equals, contains or is contained in the term or its
 * hyphen/space forms. Null when the term is too short to match anything.
 */
export function tagMatchCondition(term: string): SQL | null {
  const forms = tagTermForms(term);
  if (forms.length === 0) return null;
  const values = [lowered(tags.slug), lowered(tags.nameEn), lowered(tags.nameEs)];
  // An empty name would be "contained" in every term.
  return or(
    ...values.flatMap((value) =>
      forms.map((form) => sql`(${value} <> '' and (strpos(${value}, ${form}::text) > 0 or strpos(${form}::text, ${value}) > 0))`),
    ),
  )!;
}

/**
 * Ids of the tags a term matches: exact slug first, then exact names, then the
 * shortest slugs. The tags table is small, so comparing every row is cheaper
 * than any index would be.
 */
export async function matchingTagIds(db: Database, term: string): Promise<string[]> {
  const condition = tagMatchCondition(term);
  if (!condition) return [];
  const forms = tagTermForms(term);
  const isAny = (value: SQL) => or(...forms.map((form) => sql`${value} = ${form}::text`));
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(condition)
    .orderBy(
      sql`case when ${isAny(lowered(tags.slug))} then 0 when ${isAny(lowered(tags.nameEn))} or ${isAny(lowered(tags.nameEs))} then 1 else 2 end`,
      sql`length(${tags.slug})`,
      asc(tags.slug),
    )
    .limit(MATCHING_TAGS_LIMIT);
  return rows.map((row) => row.id);
}

/** Published clips of the audience that carry one of the tags. */
function taggedClipsWhere(db: Database, tagIds: string[], audience: Audience) {
  return and(
    eq(clips.status, "published"),
    arrayOverlaps(clips.audiences, [audience]),
    exists(
      db
        .select({ one: sql`1` })
        .from(clipTags)
        .where(and(eq(clipTags.clipId, clips.id), inArray(clipTags.tagId, tagIds))),
    ),
  );
}

export interface TagStats {
  videos: number;
  flames: number;
  creators: number;
}

// The orders of clips_published_idx and clips_flames_idx, so a page can stop early.
const newestFirst = [desc(clips.publishedAt), asc(clips.id)];
const SORT_ORDER = {
  popular: [desc(clips.flames), asc(clips.id)],
  recent: newestFirst,
} satisfies Record<TagSort, SQL[]>;

/**
 * The three tiles, in one aggregate query. It starts from clip_tags (its tag
 * index) and reaches each clip by primary key through the covering index
 * clips_stats_cover_idx, so even a tag on thousands of clips never reads the
 * whole clips table (docs/performance.md).
 */
export async function tagStats(db: Database, tagIds: string[], audience: Audience): Promise<TagStats> {
  const tagged = db
    .$with("tagged")
    .as(db.selectDistinct({ clipId: clipTags.clipId }).from(clipTags).where(inArray(clipTags.tagId, tagIds)));
  const [row] = await db
    .with(tagged)
    .select({
      videos: count(),
      flames: sql<number>`coalesce(sum(${clips.flames}), 0)`.mapWith(Number),
      creators: sql<number>`count(distinct ${clips.creatorId})`.mapWith(Number),
    })
    .from(tagged)
    .innerJoin(clips, eq(clips.id, tagged.clipId))
    .where(and(eq(clips.status, "published"), arrayOverlaps(clips.audiences, [audience])));
  return { videos: row?.videos ?? 0, flames: row?.flames ?? 0, creators: row?.creators ?? 0 };
}

export async function tagClips(
  db: Database,
  input: { tagIds: string[]; audience: Audience; sort: TagSort; page: number; mediaAllowed: boolean },
): Promise<ClipCard[]> {
  const rows = await clipCardFrom(db)
    .where(taggedClipsWhere(db, input.tagIds, input.audience))
    .orderBy(...SORT_ORDER[input.sort])
    .limit(TAG_PAGE_SIZE)
    .offset((input.page - 1) * TAG_PAGE_SIZE);
  return rows.map((row) => toClipCard(row, input));
}

/** Tags that co-occur on the newest matching clips, most frequent first, without the matched tags themselves. */
export async function relatedTags(db: Database, input: { tagIds: string[]; audience: Audience; language: Language }): Promise<TagChip[]> {
  const pool = db.$with("pool").as(
    db
      .select({ poolId: clips.id })
      .from(clips)
      .where(taggedClipsWhere(db, input.tagIds, input.audience))
      .orderBy(...newestFirst)
      .limit(RELATED_TAGS_POOL),
  );
  const name = input.language === "es" ? tags.nameEs : tags.nameEn;
  return db
    .with(pool)
    .select({ slug: tags.slug, name })
    .from(clipTags)
    .innerJoin(pool, eq(pool.poolId, clipTags.clipId))
    .innerJoin(tags, eq(tags.id, clipTags.tagId))
    .where(notInArray(clipTags.tagId, input.tagIds))
    .groupBy(tags.id, tags.slug, name)
    .orderBy(desc(count()), asc(tags.slug))
    .limit(RELATED_TAGS_LIMIT);
}

export interface TagPageData {
  stats: TagStats;
  totalPages: number;
  clips: { clip: ClipCard; tags: TagChip[] }[];
  related: TagChip[];
}

/** Everything the tag page shows, or null when no published clip of the audience matches (Tag Not Found). */
export async function loadTagPage(
  db: Database,
  input: { term: string; audience: Audience; language: Language; sort: TagSort; page: number; mediaAllowed: boolean },
): Promise<TagPageData | null> {
  const tagIds = await matchingTagIds(db, input.term);
  if (tagIds.length === 0) return null;
  const scope = { tagIds, audience: input.audience };
  const [stats, page, related] = await Promise.all([
    tagStats(db, tagIds, input.audience),
    tagClips(db, { ...scope, sort: input.sort, page: input.page, mediaAllowed: input.mediaAllowed }),
    relatedTags(db, { ...scope, language: input.language }),
  ]);
  if (stats.videos === 0) return null;
  const chips = await tagsForClips(
    db,
    page.map((clip) => clip.id),
    input.language,
  );
  return {
    stats,
    totalPages: totalPagesFor(stats.videos, TAG_PAGE_SIZE),
    clips: page.map((clip) => ({ clip, tags: chips.get(clip.id) ?? [] })),
    related,
  };
}

/**
 * The display name behind a tag page's slug, in the visitor's language: the
 * category's curated name when a category has that slug ('BDSM'), else the
 * tag's; null for a slug that names neither. Two lookups by unique slug.
 */
export async function tagDisplayName(db: Database, slug: string, language: Language): Promise<string | null> {
  const [[category], [tag]] = await Promise.all([
    db
      .select({ en: videoCategories.nameEn, es: videoCategories.nameEs })
      .from(videoCategories)
      .where(eq(videoCategories.slug, slug))
      .limit(1),
    db.select({ en: tags.nameEn, es: tags.nameEs }).from(tags).where(eq(tags.slug, slug)).limit(1),
  ]);
  const found = category ?? tag;
  return found ? (language === "es" ? found.es : found.en) : null;
}
