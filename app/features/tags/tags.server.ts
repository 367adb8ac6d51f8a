import { and, arrayOverlaps, asc, count, desc, eq, exists, inArray, notInArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { clips, clipStats, clipTags, tagCounts, tags, tagStats as tagViews, categories, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";
import { pageWindowFor, totalPagesFor } from "~/lib/pagination";
import { clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { withTagChips, type TagChip } from "~/features/clips/index.server";
import { tagTermForms, type TagSort } from "./tag-match";

export const TAG_PAGE_SIZE = 10;
/** More matching tags than this means the term is too vague to be useful anyway. */
const MATCHING_TAGS_LIMIT = 50;
/** Related tags are counted over this many of the newest matching clips, so the work stays bounded. */
const RELATED_TAGS_POOL = 500;
const RELATED_TAGS_LIMIT = 10;

const lowered = (column: AnyColumn) => sql`lower(trim(${column}))`;

/**
 * Tag matching (docs/product.md §13.5) in SQL (the twin of `tagMatches`): a tag's slug or name,
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
  /** Views of the clips carrying the tag, whatever the audience: tag_stats, moved with each counted view (ADR 130). */
  views: number;
}

// The orders of clips_published_idx and clips_flames_idx, so a page can stop early.
const newestFirst = [desc(clips.publishedAt), asc(clips.id)];
const SORT_ORDER = {
  popular: [desc(clips.flames), asc(clips.id)],
  recent: newestFirst,
} satisfies Record<TagSort, SQL[]>;

/**
 * The four tiles. One tag: from tag_counts, kept in the same transactions as the clips,
 * their tags and their flames (ADR 036), and tag_stats, kept in the transaction that counts
 * each view (ADR 130) — a few rows whatever the catalogue's size.
 * A term matching several tags counts each clip once, so it aggregates the clips
 * themselves (rare: most terms name one tag).
 */
export async function tagStats(db: Database, tagIds: string[], audience: Audience): Promise<TagStats> {
  if (tagIds.length === 1) {
    const [[row], [viewRow]] = await Promise.all([
      tagCountsOf(db, tagIds[0]!, audience),
      db.select({ views: tagViews.views }).from(tagViews).where(eq(tagViews.tagId, tagIds[0]!)),
    ]);
    return { videos: row?.videos ?? 0, flames: row?.flames ?? 0, creators: row?.creators ?? 0, views: viewRow?.views ?? 0 };
  }
  const tagged = db
    .$with("tagged")
    .as(db.selectDistinct({ clipId: clipTags.clipId }).from(clipTags).where(inArray(clipTags.tagId, tagIds)));
  const [[row], [viewRow]] = await Promise.all([
    db
      .with(tagged)
      .select({
        videos: count(),
        flames: sql<number>`coalesce(sum(${clips.flames}), 0)`.mapWith(Number),
        creators: sql<number>`count(distinct ${clips.creatorId})`.mapWith(Number),
      })
      .from(tagged)
      .innerJoin(clips, eq(clips.id, tagged.clipId))
      .where(and(eq(clips.status, "published"), arrayOverlaps(clips.audiences, [audience]))),
    // Like tag_stats, every audience's views: the same figure a single tag shows.
    db
      .with(tagged)
      .select({ views: sql<number>`coalesce(sum(${clipStats.views}), 0)`.mapWith(Number) })
      .from(tagged)
      .innerJoin(clipStats, eq(clipStats.clipId, tagged.clipId)),
  ]);
  return { videos: row?.videos ?? 0, flames: row?.flames ?? 0, creators: row?.creators ?? 0, views: viewRow?.views ?? 0 };
}

function tagCountsOf(db: Database, tagId: string, audience: Audience) {
  return db
    .select({
      videos: sql<number>`coalesce(sum(${tagCounts.clips}), 0)`.mapWith(Number),
      flames: sql<number>`coalesce(sum(${tagCounts.flames}), 0)`.mapWith(Number),
      creators: sql<number>`count(distinct ${tagCounts.creatorId}) filter (where ${tagCounts.clips} > 0)`.mapWith(Number),
    })
    .from(tagCounts)
    .where(and(eq(tagCounts.tagId, tagId), eq(tagCounts.audience, audience)));
}

/** One tag's listed clips of the audience, in clip_tags' listing indexes (ADR 037). */
const listedWithTag = (tagId: string, audience: Audience) =>
  and(eq(clipTags.tagId, tagId), eq(clipTags.listed, true), arrayOverlaps(clipTags.audiences, [audience]));

const LISTING_ORDER = {
  popular: { forwards: [desc(clipTags.flames), asc(clipTags.clipId)], backwards: [asc(clipTags.flames), desc(clipTags.clipId)] },
  recent: { forwards: [desc(clipTags.publishedAt), asc(clipTags.clipId)], backwards: [asc(clipTags.publishedAt), desc(clipTags.clipId)] },
} satisfies Record<TagSort, { forwards: SQL[]; backwards: SQL[] }>;

export async function tagClips(
  db: Database,
  input: { tagIds: string[]; audience: Audience; sort: TagSort; page: number; mediaAllowed: boolean; total?: number },
): Promise<ClipCard[]> {
  if (input.tagIds.length !== 1) {
    const rows = await clipCardFrom(db)
      .where(taggedClipsWhere(db, input.tagIds, input.audience))
      .orderBy(...SORT_ORDER[input.sort])
      .limit(TAG_PAGE_SIZE)
      .offset((input.page - 1) * TAG_PAGE_SIZE);
    return rows.map((row) => toClipCard(row, input));
  }
  // One tag: the page's ten ids from one range of a listing index, read from whichever end is
  // nearer, so the last page costs what the first does (ADR 037).
  // Without a known total (callers other than the page), it reads forwards.
  const window = pageWindowFor(input.page, TAG_PAGE_SIZE, input.total ?? Number.MAX_SAFE_INTEGER);
  if (!window) return [];
  const order = LISTING_ORDER[input.sort];
  const idRows = await db
    .select({ id: clipTags.clipId })
    .from(clipTags)
    .where(listedWithTag(input.tagIds[0]!, input.audience))
    .orderBy(...(window.backwards ? order.backwards : order.forwards))
    .limit(window.limit)
    .offset(window.offset);
  const ids = idRows.map((row) => row.id);
  if (window.backwards) ids.reverse();
  return cardsInOrder(db, ids, input);
}

/** Clip cards for ids, in the ids' order. */
async function cardsInOrder(db: Database, ids: string[], options: { mediaAllowed: boolean }): Promise<ClipCard[]> {
  if (ids.length === 0) return [];
  const rows = await clipCardFrom(db).where(inArray(clips.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toClipCard(row, options)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Tags that co-occur on the newest matching clips, most frequent first, without the matched tags themselves. */
export async function relatedTags(db: Database, input: { tagIds: string[]; audience: Audience; language: Language }): Promise<TagChip[]> {
  const pool = db.$with("pool").as(
    input.tagIds.length === 1
      ? db
          .select({ poolId: sql<string>`${clipTags.clipId}`.as("pool_id") })
          .from(clipTags)
          .where(listedWithTag(input.tagIds[0]!, input.audience))
          .orderBy(...LISTING_ORDER.recent.forwards)
          .limit(RELATED_TAGS_POOL)
      : db
          .select({ poolId: sql<string>`${clips.id}`.as("pool_id") })
          .from(clips)
          .where(taggedClipsWhere(db, input.tagIds, input.audience))
          .orderBy(...newestFirst)
          .limit(RELATED_TAGS_POOL),
  );
  const name = localName(input.language, tags);
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
  // The count first: it tells the list which end of the index is nearer (ADR 037).
  const stats = await tagStats(db, tagIds, input.audience);
  if (stats.videos === 0) return null;
  const [page, related] = await Promise.all([
    tagClips(db, { ...scope, sort: input.sort, page: input.page, mediaAllowed: input.mediaAllowed, total: stats.videos }),
    relatedTags(db, { ...scope, language: input.language }),
  ]);
  return {
    stats,
    totalPages: totalPagesFor(stats.videos, TAG_PAGE_SIZE),
    clips: await withTagChips(db, page, input.language),
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
    db.select({ en: categories.nameEn, es: categories.nameEs }).from(categories).where(eq(categories.slug, slug)).limit(1),
    db.select({ en: tags.nameEn, es: tags.nameEs }).from(tags).where(eq(tags.slug, slug)).limit(1),
  ]);
  const found = category ?? tag;
  return found ? (language === "es" ? found.es : found.en) : null;
}
