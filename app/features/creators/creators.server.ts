import { and, arrayOverlaps, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  catalogueCounts,
  clips,
  clipTags,
  creators,
  creatorStats as creatorViews,
  tagCounts,
  tags,
  type Audience,
  creatorSlugRedirects,
} from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName, localText } from "~/lib/i18n/languages";
import { pageWindowFor, totalPagesFor } from "~/lib/pagination";
import { clipCardFrom, mediaUrl, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { withTagChips, type TagChip } from "~/features/clips/index.server";
import type { CreatorSort } from "./creator-sort";

export const CREATOR_PAGE_SIZE = 10;
export { CREATOR_SORTS, type CreatorSort } from "./creator-sort";
/** The tag list shows 5 and expands to the rest; beyond this many the long tail says little. */
const CREATOR_TAGS_LIMIT = 50;

export interface CreatorProfile {
  id: string;
  slug: string;
  name: string;
  bio: string | null;
  verified: boolean;
  /** /media URL of the avatar, or null: the initials avatar is drawn. */
  avatarUrl: string | null;
  twitterUrl: string | null;
  websiteUrl: string | null;
  /** Kept in creators.followers_count, in the same transaction as each follow (docs/decisions/150-following-creators.md). */
  followers: number;
}

/** Only web links are rendered; anything else (javascript:, data:) is dropped. */
export function externalUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export async function creatorBySlug(
  db: Database,
  slug: string,
  options: { mediaAllowed: boolean; language?: Language },
): Promise<CreatorProfile | null> {
  const [row] = await db.select().from(creators).where(eq(creators.slug, slug)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    // The bio in the visitor's language, English when there is no Spanish one.
    bio: localText(options.language, row.bio, row.bioEs),
    verified: row.verified,
    avatarUrl: mediaUrl(row.avatarKey, options.mediaAllowed),
    twitterUrl: externalUrl(row.twitterProfileUrl),
    websiteUrl: externalUrl(row.websiteUrl),
    followers: row.followersCount,
  };
}

/** The creator's published clips for the audience: what the list, the stats and the tag list all count. */
const creatorClipsWhere = (creatorId: string, audience: Audience) =>
  and(eq(clips.creatorId, creatorId), eq(clips.status, "published"), arrayOverlaps(clips.audiences, [audience]));

export interface CreatorStats {
  videos: number;
  flames: number;
  tags: number;
  /** Views of all the creator's clips, whatever the audience: creator_stats, moved with each counted view (ADR 130). */
  views: number;
}

/**
 * Videos, total flames and distinct tags, from catalogue_counts and tag_counts — counters
 * kept in the same transactions as the clips, their tags and their flames (ADR 036) — and
 * views from creator_stats, kept in the transaction that counts each view (ADR 130).
 */
export async function creatorStats(db: Database, creatorId: string, audience: Audience): Promise<CreatorStats> {
  const [[row], [tagRow], [viewRow]] = await Promise.all([
    db
      .select({
        videos: sql<number>`coalesce(sum(${catalogueCounts.clips}), 0)`.mapWith(Number),
        flames: sql<number>`coalesce(sum(${catalogueCounts.flames}), 0)`.mapWith(Number),
      })
      .from(catalogueCounts)
      .where(and(eq(catalogueCounts.creatorId, creatorId), eq(catalogueCounts.audience, audience))),
    db
      .select({ tags: sql<number>`count(distinct ${tagCounts.tagId})`.mapWith(Number) })
      .from(tagCounts)
      .where(and(eq(tagCounts.creatorId, creatorId), eq(tagCounts.audience, audience), gt(tagCounts.clips, 0))),
    db.select({ views: creatorViews.views }).from(creatorViews).where(eq(creatorViews.creatorId, creatorId)),
  ]);
  return { videos: row?.videos ?? 0, flames: row?.flames ?? 0, tags: tagRow?.tags ?? 0, views: viewRow?.views ?? 0 };
}

/** The creator's tags are counted over this many of their newest clips, so the work stays bounded. */
const CREATOR_TAGS_POOL = 500;

/** Tags of the creator's clips (the newest 500), most used first. */
export async function creatorTags(db: Database, input: { creatorId: string; audience: Audience; language: Language }): Promise<TagChip[]> {
  const name = localName(input.language, tags);
  const mine = db
    .$with("mine")
    .as(
      db
        .select({ clipId: clips.id })
        .from(clips)
        .where(creatorClipsWhere(input.creatorId, input.audience))
        .orderBy(desc(clips.publishedAt), asc(clips.id))
        .limit(CREATOR_TAGS_POOL),
    );
  return db
    .with(mine)
    .select({ slug: tags.slug, name })
    .from(clipTags)
    .innerJoin(mine, eq(mine.clipId, clipTags.clipId))
    .innerJoin(tags, eq(tags.id, clipTags.tagId))
    .groupBy(tags.id, tags.slug, name)
    .orderBy(desc(count()), asc(tags.slug))
    .limit(CREATOR_TAGS_LIMIT);
}

/**
 * One page of the creator's clips, newest first (or most flamed first): the page's ids come from one range of
 * clips_creator_listing_idx (clips_creator_popular_idx; index-only, both carry the audiences), read from whichever
 * end is nearer when the total is known, so the last page costs what the first does (ADR 037).
 */
export async function creatorClips(
  db: Database,
  input: { creatorId: string; audience: Audience; page: number; mediaAllowed: boolean; total?: number; sort?: CreatorSort },
): Promise<ClipCard[]> {
  const key = input.sort === "popular" ? clips.flames : clips.publishedAt;
  const window = pageWindowFor(input.page, CREATOR_PAGE_SIZE, input.total ?? Number.MAX_SAFE_INTEGER);
  if (!window) return [];
  const idRows = await db
    .select({ id: clips.id })
    .from(clips)
    .where(creatorClipsWhere(input.creatorId, input.audience))
    .orderBy(...(window.backwards ? [asc(key), desc(clips.id)] : [desc(key), asc(clips.id)]))
    .limit(window.limit)
    .offset(window.offset);
  const ids = idRows.map((row) => row.id);
  if (window.backwards) ids.reverse();
  if (ids.length === 0) return [];
  const rows = await clipCardFrom(db).where(inArray(clips.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toClipCard(row, input)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface CreatorPageData {
  creator: CreatorProfile;
  stats: CreatorStats;
  tags: TagChip[];
  totalPages: number;
  clips: { clip: ClipCard; tags: TagChip[] }[];
}

/** Everything the creator page shows, or null when no creator has this slug. */
export async function loadCreatorPage(
  db: Database,
  input: { slug: string; audience: Audience; language: Language; page: number; mediaAllowed: boolean; sort?: CreatorSort },
): Promise<CreatorPageData | null> {
  const creator = await creatorBySlug(db, input.slug, input);
  if (!creator) return null;
  const scope = { creatorId: creator.id, audience: input.audience };
  // The count first: it tells the list which end of the index is nearer (ADR 037).
  const stats = await creatorStats(db, creator.id, input.audience);
  const [tagList, page] = await Promise.all([
    creatorTags(db, { ...scope, language: input.language }),
    creatorClips(db, { ...scope, page: input.page, mediaAllowed: input.mediaAllowed, total: stats.videos, sort: input.sort }),
  ]);
  return {
    creator,
    stats,
    tags: tagList,
    totalPages: totalPagesFor(stats.videos, CREATOR_PAGE_SIZE),
    clips: await withTagChips(db, page, input.language),
  };
}

/** The current slug of the creator who had `oldSlug` before a rename on the desk (ADR 151), or null. */
export async function renamedCreatorSlug(db: Database, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: creators.slug })
    .from(creatorSlugRedirects)
    .innerJoin(creators, eq(creators.id, creatorSlugRedirects.creatorId))
    .where(eq(creatorSlugRedirects.oldSlug, oldSlug));
  return row?.slug ?? null;
}
