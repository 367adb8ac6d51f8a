import { and, arrayOverlaps, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import { catalogueCounts, clips, clipTags, tagCounts, tags, categories, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";
import { activeCategories, clipCardFrom, tagsForClips, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { flamedClipIds, type FlameOwner } from "~/features/flames/index.server";
import { ownerIs, type SignalOwnerRef } from "~/features/signals/index.server";
import { FEED_LIMIT, FEED_PAGE_SIZE, type FeedFilters, type TagOption } from "./feed-filters";
import type { FeedClip } from "./feed-clip";

export { activeCategories };

export interface FeedQuery extends FeedFilters {
  audience: Audience;
  /** Per-visit shuffle seed: the same seed gives the same order. */
  seed: string;
  now?: Date;
  /** Leave out the clips this visitor marked "Not interested" (then the pool is the visitor's own, read per request). */
  dismissedBy?: SignalOwnerRef;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The pool of a feed: the newest FEED_LIMIT published clips that match the
 * filters, read through the published/category indexes — or, with a tag, through
 * clip_tags_tag_recent_idx, whose rows carry the clip's audiences, category and
 * date (ADR 037). Shuffling happens on this bounded pool only. Its newest clip is its lead (ADR 112).
 */
function feedPool(db: Database, query: FeedQuery) {
  const since = query.period === "week" ? new Date((query.now ?? new Date()).getTime() - WEEK_MS) : null;
  if (query.tag) {
    const conditions = [
      eq(clipTags.tagId, sql`(select ${tags.id} from ${tags} where ${tags.slug} = ${query.tag})`),
      eq(clipTags.listed, true),
      arrayOverlaps(clipTags.audiences, [query.audience]),
    ];
    if (query.category) conditions.push(eq(clipTags.categoryId, categoryIdOf(query.category)));
    if (since) conditions.push(gte(clipTags.publishedAt, since));
    if (query.dismissedBy) conditions.push(notDismissed(query.dismissedBy, clipTags.clipId));
    return db.$with("pool").as(
      db
        .select({
          poolId: sql<string>`${clipTags.clipId}`.as("pool_id"),
          isLead: sql<boolean>`row_number() over (order by ${clipTags.publishedAt} desc, ${clipTags.clipId}) = 1`.as("is_lead"),
        })
        .from(clipTags)
        .where(and(...conditions))
        .orderBy(desc(clipTags.publishedAt), asc(clipTags.clipId))
        .limit(FEED_LIMIT),
    );
  }
  const conditions = [eq(clips.status, "published"), arrayOverlaps(clips.audiences, [query.audience])];
  if (query.category) conditions.push(eq(clips.categoryId, categoryIdOf(query.category)));
  if (since) conditions.push(gte(clips.publishedAt, since));
  if (query.dismissedBy) conditions.push(notDismissed(query.dismissedBy, clips.id));
  return db.$with("pool").as(
    db
      .select({
        poolId: sql<string>`${clips.id}`.as("pool_id"),
        isLead: sql<boolean>`row_number() over (order by ${clips.publishedAt} desc, ${clips.id}) = 1`.as("is_lead"),
      })
      .from(clips)
      .where(and(...conditions))
      .orderBy(desc(clips.publishedAt), asc(clips.id))
      .limit(FEED_LIMIT),
  );
}

/** The clip is not one the visitor marked "Not interested" (an anti-join on dismissed_clips' owner keys). */
const notDismissed = (owner: SignalOwnerRef, clipId: typeof clips.id | typeof clipTags.clipId) =>
  sql`not exists (select 1 from dismissed_clips d where ${ownerIs(owner, "d")} and d.clip_id = ${clipId})`;

/** The seed that asks for the "Newest" order: the pool by publication, newest first (its lead first too). */
export const NEWEST_FIRST = "newest-first";

/**
 * One page of the feed, and the feed's length (≤ 500): the pool's lead (its newest clip) first, the same for
 * every visitor, so the home page can be one page for all of them; then the rest in the visitor's shuffle
 * (ADR 072, ADR 112).
 */
export async function feedPage(
  db: Database,
  query: FeedQuery,
  page: { offset: number; limit: number; mediaAllowed: boolean },
): Promise<{ clips: ClipCard[]; total: number }> {
  const pool = feedPool(db, query);
  const order = query.seed === NEWEST_FIRST ? desc(clips.publishedAt) : sql`md5(${clips.id}::text || ${query.seed})`;
  const [rows, [totalRow]] = await Promise.all([
    clipCardFrom(db, pool)
      .innerJoin(pool, eq(pool.poolId, clips.id))
      .orderBy(desc(pool.isLead), order, clips.id)
      .limit(page.limit)
      .offset(page.offset),
    db.with(pool).select({ total: count() }).from(pool),
  ]);
  return { clips: rows.map((row) => toClipCard(row, page)), total: totalRow?.total ?? 0 };
}

/** A page of the feed as the browser shows it: each clip with its tags and whether this visitor flamed it. */
export async function feedClips(
  db: Database,
  input: { query: FeedQuery; offset: number; mediaAllowed: boolean; flameOwner: FlameOwner | null; language: Language },
): Promise<{ clips: FeedClip[]; total: number }> {
  const page = await feedPage(db, input.query, { offset: input.offset, limit: FEED_PAGE_SIZE, mediaAllowed: input.mediaAllowed });
  const ids = page.clips.map((clip) => clip.id);
  const [flamed, chips] = await Promise.all([flamedClipIds(db, input.flameOwner, ids), tagsForClips(db, ids, input.language)]);
  return {
    clips: page.clips.map((clip) => ({ ...clip, flamed: flamed.has(clip.id), tags: chips.get(clip.id) ?? [] })),
    total: page.total,
  };
}

/**
 * The tag filter's choices: the tags of published clips in the visitor's audience (and
 * the chosen category), each with how many such clips carry it, alphabetical in the
 * visitor's language. Read from tag_counts (ADR 036): at most tags × categories × creators
 * rows, whatever the catalogue's size.
 */
export async function tagOptions(
  db: Database,
  input: { language: Language; audience: Audience; category: string | null },
): Promise<TagOption[]> {
  const name = localName(input.language, tags);
  const conditions = [eq(tagCounts.audience, input.audience)];
  if (input.category) conditions.push(eq(tagCounts.categoryId, categoryIdOf(input.category)));
  return db
    .select({ slug: tags.slug, name, clips: sql<number>`sum(${tagCounts.clips})`.mapWith(Number) })
    .from(tagCounts)
    .innerJoin(tags, eq(tags.id, tagCounts.tagId))
    .where(and(...conditions))
    .groupBy(tags.id, tags.slug, name)
    .having(sql`sum(${tagCounts.clips}) > 0`)
    .orderBy(asc(name), asc(tags.slug))
    .limit(TAG_OPTIONS_LIMIT);
}

const TAG_OPTIONS_LIMIT = 200;

/** The id of an active category by slug, as a scalar subquery (the categories table is tiny). */
const categoryIdOf = (slug: string) =>
  sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug} and ${categories.active})`;

/** Platform stats: published clips (from catalogue_counts, ADR 036) and active categories. */
export async function platformStats(db: Database) {
  const [[videos], [active]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${catalogueCounts.clips}), 0)`.mapWith(Number) })
      .from(catalogueCounts)
      .where(eq(catalogueCounts.audience, "*")),
    db.select({ n: count() }).from(categories).where(eq(categories.active, true)),
  ]);
  return { videos: videos?.n ?? 0, categories: active?.n ?? 0 };
}
