import { and, arrayOverlaps, asc, count, desc, eq, exists, gte, sql } from "drizzle-orm";
import { clips, clipTags, tags, videoCategories, type Audience } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { activeCategories, clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { FEED_LIMIT, type FeedFilters } from "./feed-filters";

export { activeCategories };

export interface FeedQuery extends FeedFilters {
  audience: Audience;
  /** Per-visit shuffle seed: the same seed gives the same order. */
  seed: string;
  now?: Date;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The pool of a feed: the newest FEED_LIMIT published clips that match the
 * filters, read through the published/category indexes. Shuffling happens on
 * this bounded pool only.
 */
function feedPool(db: Database, query: FeedQuery) {
  const conditions = [eq(clips.status, "published"), arrayOverlaps(clips.audiences, [query.audience])];
  if (query.category) {
    conditions.push(
      sql`${clips.categoryId} = (select ${videoCategories.id} from ${videoCategories} where ${videoCategories.slug} = ${query.category} and ${videoCategories.active})`,
    );
  }
  if (query.period === "week") conditions.push(gte(clips.publishedAt, new Date((query.now ?? new Date()).getTime() - WEEK_MS)));
  if (query.tag) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(clipTags)
          .innerJoin(tags, eq(tags.id, clipTags.tagId))
          .where(and(eq(clipTags.clipId, clips.id), eq(tags.slug, query.tag))),
      ),
    );
  }
  return db.$with("pool").as(
    db
      .select({ poolId: clips.id })
      .from(clips)
      .where(and(...conditions))
      .orderBy(desc(clips.publishedAt), asc(clips.id))
      .limit(FEED_LIMIT),
  );
}

/** One page of the shuffled feed, and the feed's length (≤ 500). */
export async function feedPage(
  db: Database,
  query: FeedQuery,
  page: { offset: number; limit: number; mediaAllowed: boolean },
): Promise<{ clips: ClipCard[]; total: number }> {
  const pool = feedPool(db, query);
  const order = sql`md5(${clips.id}::text || ${query.seed})`;
  const [rows, [totalRow]] = await Promise.all([
    clipCardFrom(db, pool).innerJoin(pool, eq(pool.poolId, clips.id)).orderBy(order, clips.id).limit(page.limit).offset(page.offset),
    db.with(pool).select({ total: count() }).from(pool),
  ]);
  return { clips: rows.map((row) => toClipCard(row, page)), total: totalRow?.total ?? 0 };
}

/** Tags for the all-tags filter, alphabetical in the visitor's language (the tags table is small). */
export async function tagOptions(db: Database, language: "en" | "es") {
  const name = language === "es" ? tags.nameEs : tags.nameEn;
  return db.select({ slug: tags.slug, name }).from(tags).orderBy(asc(name)).limit(200);
}

/** Platform stats: published clips and active categories, two aggregate queries. */
export async function platformStats(db: Database) {
  const [[videos], [categories]] = await Promise.all([
    db.select({ n: count() }).from(clips).where(eq(clips.status, "published")),
    db.select({ n: count() }).from(videoCategories).where(eq(videoCategories.active, true)),
  ]);
  return { videos: videos?.n ?? 0, categories: categories?.n ?? 0 };
}
