import { and, arrayOverlaps, asc, count, desc, eq, sql } from "drizzle-orm";
import { clips, clipTags, creators, tags, type Audience } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n/languages";
import { totalPagesFor } from "~/lib/pagination";
import { clipCardFrom, mediaUrl, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { tagsForClips, type TagChip } from "~/features/clips/index.server";

export const CREATOR_PAGE_SIZE = 10;
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
    bio: (options.language === "es" ? row.bioEs : null) ?? row.bio,
    verified: row.verified,
    avatarUrl: mediaUrl(row.avatarKey, options.mediaAllowed),
    twitterUrl: externalUrl(row.twitterProfileUrl),
    websiteUrl: externalUrl(row.websiteUrl),
  };
}

/** The creator's published clips for the audience: what the list, the stats and the tag list all count. */
const creatorClipsWhere = (creatorId: string, audience: Audience) =>
  and(eq(clips.creatorId, creatorId), eq(clips.status, "published"), arrayOverlaps(clips.audiences, [audience]));

export interface CreatorStats {
  videos: number;
  flames: number;
  tags: number;
}

/** Videos, total flames and distinct tags, in one aggregate query. */
export async function creatorStats(db: Database, creatorId: string, audience: Audience): Promise<CreatorStats> {
  const mine = db
    .$with("mine")
    .as(db.select({ clipId: clips.id, flames: clips.flames }).from(clips).where(creatorClipsWhere(creatorId, audience)));
  const [row] = await db
    .with(mine)
    .select({
      videos: count(),
      flames: sql<number>`coalesce(sum(${mine.flames}), 0)`.mapWith(Number),
      tags: sql<number>`(select count(distinct ${clipTags.tagId}) from ${clipTags} where ${clipTags.clipId} in (select ${mine.clipId} from ${mine}))`.mapWith(
        Number,
      ),
    })
    .from(mine);
  return { videos: row?.videos ?? 0, flames: row?.flames ?? 0, tags: row?.tags ?? 0 };
}

/** The creator's tags are counted over this many of their newest clips, so the work stays bounded. */
const CREATOR_TAGS_POOL = 500;

/** Tags of the creator's clips (the newest 500), most used first. */
export async function creatorTags(db: Database, input: { creatorId: string; audience: Audience; language: Language }): Promise<TagChip[]> {
  const name = input.language === "es" ? tags.nameEs : tags.nameEn;
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

/** One page of the creator's clips, newest first (clips_creator_published_idx). */
export async function creatorClips(
  db: Database,
  input: { creatorId: string; audience: Audience; page: number; mediaAllowed: boolean },
): Promise<ClipCard[]> {
  const rows = await clipCardFrom(db)
    .where(creatorClipsWhere(input.creatorId, input.audience))
    // The order of clips_creator_published_idx, so a page reads only its ten rows.
    .orderBy(desc(clips.publishedAt), asc(clips.id))
    .limit(CREATOR_PAGE_SIZE)
    .offset((input.page - 1) * CREATOR_PAGE_SIZE);
  return rows.map((row) => toClipCard(row, input));
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
  input: { slug: string; audience: Audience; language: Language; page: number; mediaAllowed: boolean },
): Promise<CreatorPageData | null> {
  const creator = await creatorBySlug(db, input.slug, input);
  if (!creator) return null;
  const scope = { creatorId: creator.id, audience: input.audience };
  const [stats, tagList, page] = await Promise.all([
    creatorStats(db, creator.id, input.audience),
    creatorTags(db, { ...scope, language: input.language }),
    creatorClips(db, { ...scope, page: input.page, mediaAllowed: input.mediaAllowed }),
  ]);
  const chips = await tagsForClips(
    db,
    page.map((clip) => clip.id),
    input.language,
  );
  return {
    creator,
    stats,
    tags: tagList,
    totalPages: totalPagesFor(stats.videos, CREATOR_PAGE_SIZE),
    clips: page.map((clip) => ({ clip, tags: chips.get(clip.id) ?? [] })),
  };
}
