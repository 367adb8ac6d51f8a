import { eq, sql, type WithSubquery } from "drizzle-orm";
import { channelSites, clips, clipStats, creators, categories, type ClipCaption, type ClipRendition, type ClipStoryboard } from "~schema";
import type { Database } from "~/lib/database";
import { captionKey, derivedFolder, renditionKey, storyboardImageKey } from "~/lib/storage/derived-keys";
import { withFirstRenditions } from "./components/player/first-rendition";

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
  /**
   * Views (docs/product.md §5.10), from clip_stats by its key: 0 before the clip's first signal. A subquery, so every
   * list that selects these columns over its own joins gets it.
   */
  views: sql<number>`coalesce((select ${clipStats.views} from ${clipStats} where ${clipStats.clipId} = ${clips.id}), 0)`.mapWith(Number),
  durationSeconds: clips.durationSeconds,
  publishedAt: clips.publishedAt,
  videoKey: clips.videoKey,
  storageUrl: clips.storageUrl,
  thumbnailKey: clips.thumbnail1Key,
  thumbnail2Key: clips.thumbnail2Key,
  thumbnail3Key: clips.thumbnail3Key,
  renditions: clips.renditions,
  storyboard: clips.storyboard,
  captions: clips.captions,
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
  views: number;
  durationSeconds: number;
  publishedAt: string;
  /** /media URL, or null while the visitor has not passed the age gate. */
  videoUrl: string | null;
  /** The origin storage URL, tried when /media fails (docs/product.md §5.4). */
  storageUrl: string | null;
  thumbnailUrl: string | null;
  /** The second and third thumbnails, which grid cards show on hover or long-press; absent unless the clip has both. */
  previewUrls?: [string, string];
  /** Every encoding of the video, smallest first (empty until they are made, and before the age gate): the player picks one (ADR 155). */
  renditions: VideoRendition[];
  /** The seek-preview sprite and where its frames sit, or null. */
  storyboard: (ClipStoryboard & { url: string }) | null;
  /** The WebVTT captions the desk attached, one per language; absent when there are none (most clips). */
  captions?: CaptionTrack[];
  /** Where 'Full Content' goes: the clip's page on its channel, else the channel. */
  fullContentUrl: string | null;
  channelName: string | null;
}

/** A rendition as the player sees it: its URL and what it costs. */
export interface VideoRendition {
  url: string;
  width: number;
  height: number;
  kbps: number;
  /** A rung the video starts on before the browser's script has chosen (the server's render): at most 360p (ADR 155). */
  first?: true;
  /** Among those, the media query under which the browser takes this one (none on the last, which takes the rest). */
  media?: string;
}

function renditionsOf(videoKey: string, renditions: ClipRendition[], allowed: boolean): VideoRendition[] {
  const folder = derivedFolder(videoKey);
  if (!allowed || !folder) return [];
  return withFirstRenditions(
    renditions.map((r) => ({
      url: `/media/${r.source ? videoKey : renditionKey(folder, r.shortSide)}`,
      width: r.width,
      height: r.height,
      kbps: r.kbps,
    })),
  );
}

/** A caption file as the player sees it: its language and URL (the version in the query, so a replaced file is fetched anew). */
export interface CaptionTrack {
  language: ClipCaption["language"];
  url: string;
}

/** A clip's caption files as /media URLs (none for a key that is not a clip video). */
export function captionTracks(videoKey: string, captions: ClipCaption[]): CaptionTrack[] {
  const folder = derivedFolder(videoKey);
  return folder ? captions.map((c) => ({ language: c.language, url: `/media/${captionKey(folder, c.language)}?v=${c.version}` })) : [];
}

function captionsOf(videoKey: string, captions: ClipCaption[], allowed: boolean): { captions?: CaptionTrack[] } {
  const tracks = allowed ? captionTracks(videoKey, captions) : [];
  return tracks.length ? { captions: tracks } : {};
}

function storyboardOf(videoKey: string, storyboard: ClipStoryboard | null, allowed: boolean) {
  const folder = derivedFolder(videoKey);
  return allowed && folder && storyboard ? { ...storyboard, url: `/media/${storyboardImageKey(folder)}` } : null;
}

function previewsOf(row: ClipCardRow, allowed: boolean): { previewUrls?: [string, string] } {
  const second = mediaUrl(row.thumbnail2Key, allowed);
  const third = mediaUrl(row.thumbnail3Key, allowed);
  return second && third ? { previewUrls: [second, third] } : {};
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
    views: row.views,
    durationSeconds: row.durationSeconds,
    publishedAt: row.publishedAt.toISOString(),
    videoUrl: mediaUrl(row.videoKey, options.mediaAllowed),
    storageUrl: options.mediaAllowed ? row.storageUrl : null,
    thumbnailUrl: mediaUrl(row.thumbnailKey, options.mediaAllowed),
    ...previewsOf(row, options.mediaAllowed),
    renditions: renditionsOf(row.videoKey, row.renditions, options.mediaAllowed),
    storyboard: storyboardOf(row.videoKey, row.storyboard, options.mediaAllowed),
    ...captionsOf(row.videoKey, row.captions, options.mediaAllowed),
    fullContentUrl: row.sourceUrl ?? row.channelUrl ?? null,
    channelName: row.channelName ?? null,
  };
}
