import { eq, type WithSubquery } from "drizzle-orm";
import { channelSites, clips, creators, categories } from "../../../db/schema";
import type { Database } from "~/lib/db.server";

/**
 * The one shape every clip list shows (feed, video, creator, tag, search,
 * liked). Lists select `clipCardColumns` from `clipCardFrom(db)` and add their
 * own filter, order and limit, then map rows with `toClipCard`.
 */
export const clipCardColumns = {
  id: clips.id,
  slug: clips.slug,
  title: clips.title,
  description: clips.description,
  descriptionEs: clips.descriptionEs,
  creatorName: creators.name,
  creatorSlug: creators.slug,
  categorySlug: categories.slug,
  categoryNameEn: categories.nameEn,
  categoryNameEs: categories.nameEs,
  categoryColor: categories.color,
  flames: clips.flames,
  durationSeconds: clips.durationSeconds,
  publishedAt: clips.publishedAt,
  videoKey: clips.videoKey,
  storageUrl: clips.storageUrl,
  thumbnailKey: clips.thumbnail1Key,
  sourceUrl: clips.sourceUrl,
  channelUrl: channelSites.url,
  channelName: channelSites.name,
};

/** `ctes` are common table expressions the caller joins against (e.g. the feed pool). */
export function clipCardFrom(db: Database, ...ctes: WithSubquery[]) {
  return db
    .with(...ctes)
    .select(clipCardColumns)
    .from(clips)
    .innerJoin(creators, eq(creators.id, clips.creatorId))
    .innerJoin(categories, eq(categories.id, clips.categoryId))
    .leftJoin(channelSites, eq(channelSites.id, clips.channelSiteId));
}

export type ClipCardRow = Awaited<ReturnType<typeof clipCardFrom>>[number];

export interface ClipCard {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  /** The description in Spanish, when there is one (pages fall back to `description`). */
  descriptionEs: string | null;
  creatorName: string;
  creatorSlug: string;
  category: { slug: string; nameEn: string; nameEs: string; color: string };
  flames: number;
  durationSeconds: number;
  publishedAt: string;
  /** /media URL, or null while the visitor has not passed the age gate. */
  videoUrl: string | null;
  /** The origin storage URL, tried when /media fails (docs/product.md §5.4). */
  storageUrl: string | null;
  thumbnailUrl: string | null;
  /** Where 'Full Content' goes: the clip's page on its channel, else the channel. */
  fullContentUrl: string | null;
  channelName: string | null;
}

export const mediaUrl = (key: string | null, allowed: boolean) => (key && allowed ? `/media/${key}` : null);

export function toClipCard(row: ClipCardRow, options: { mediaAllowed: boolean }): ClipCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    descriptionEs: row.descriptionEs,
    creatorName: row.creatorName,
    creatorSlug: row.creatorSlug,
    category: { slug: row.categorySlug, nameEn: row.categoryNameEn, nameEs: row.categoryNameEs, color: row.categoryColor },
    flames: row.flames,
    durationSeconds: row.durationSeconds,
    publishedAt: row.publishedAt.toISOString(),
    videoUrl: mediaUrl(row.videoKey, options.mediaAllowed),
    storageUrl: options.mediaAllowed ? row.storageUrl : null,
    thumbnailUrl: mediaUrl(row.thumbnailKey, options.mediaAllowed),
    fullContentUrl: row.sourceUrl ?? row.channelUrl ?? null,
    channelName: row.channelName ?? null,
  };
}
