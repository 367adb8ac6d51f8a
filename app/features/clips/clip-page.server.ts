import { and, arrayOverlaps, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, union } from "drizzle-orm/pg-core";
import { clips, clipTags, categories, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localText } from "~/lib/i18n/languages";
import { serverT } from "~/lib/i18n/server";
import { absolute } from "~/lib/meta";
import { flamedClipIds, type FlameOwner } from "~/features/flames/index.server";
import { captionTracks, clipCardFrom, mediaUrl, toClipCard, type CaptionTrack, type ClipCard, type ClipCardRow } from "./clip-card.server";
import { clipRefMatch } from "./clip-lookup.server";
import { tagsForClips, type TagChip } from "./clip-tags.server";
import { isoDuration } from "./duration";
import type { ClipRef } from "./clip-ref";

export const RELATED_LIMIT = 6;
// Related clips are ranked within this many recent clips of the same category
// and this many recent clips overall, so the page costs the same at any size.
const RELATED_CANDIDATES = 200;
const DESCRIPTION_MAX = 160;

const published = eq(clips.status, "published");

/** The published clip a video reference names; an exact slug wins over a short-id match. */
export async function findClip(db: Database, ref: ClipRef): Promise<ClipCardRow | null> {
  const { where, order } = clipRefMatch(ref);
  const [row] = await clipCardFrom(db)
    .where(and(published, where))
    .orderBy(...order)
    .limit(1);
  return row ?? null;
}

/**
 * Up to six published clips for the audience that share the clip's category
 * or some of its tags: most shared tags first, then the same category, then
 * the most flamed.
 */
export async function relatedClips(
  db: Database,
  input: { clipId: string; categorySlug: string; audience: Audience; limit?: number },
): Promise<ClipCardRow[]> {
  const eligible = and(published, arrayOverlaps(clips.audiences, [input.audience]), ne(clips.id, input.clipId));
  const categoryId = sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${input.categorySlug})`;
  const sameCategory = sql<boolean>`${clips.categoryId} = ${categoryId}`;
  // The order of the published indexes, so each branch stops after its limit.
  const recent = (where: SQL | undefined) =>
    db.select({ candidateId: clips.id }).from(clips).where(where).orderBy(desc(clips.publishedAt), asc(clips.id)).limit(RELATED_CANDIDATES);
  const candidates = db.$with("candidates").as(union(recent(and(eligible, sameCategory)), recent(eligible)));

  const sourceTags = alias(clipTags, "source_tags");
  const shared = db.$with("shared").as(
    db
      .select({ sharedClipId: clipTags.clipId, sharedTags: count().as("shared_tags") })
      .from(clipTags)
      .where(
        and(
          inArray(clipTags.clipId, db.select({ id: candidates.candidateId }).from(candidates)),
          inArray(clipTags.tagId, db.select({ tagId: sourceTags.tagId }).from(sourceTags).where(eq(sourceTags.clipId, input.clipId))),
        ),
      )
      .groupBy(clipTags.clipId),
  );
  const sharedTags = sql`coalesce(${shared.sharedTags}, 0)`;

  return clipCardFrom(db, candidates, shared)
    .innerJoin(candidates, eq(candidates.candidateId, clips.id))
    .leftJoin(shared, eq(shared.sharedClipId, clips.id))
    .where(or(sameCategory, sql`${sharedTags} > 0`))
    .orderBy(sql`${sharedTags} desc`, sql`${sameCategory} desc`, desc(clips.flames), asc(clips.id))
    .limit(input.limit ?? RELATED_LIMIT);
}

export interface ClipPageData {
  clip: ClipCard;
  tags: TagChip[];
  related: { clip: ClipCard; tags: TagChip[] }[];
  flame: { flamed: boolean; flames: number; canFlame: boolean };
  /** Absolute canonical address: /video/<slug>. */
  canonicalUrl: string;
  seo: {
    title: string;
    description: string;
    path: string;
    /** Absolute public media URLs for link previews (crawlers never pass the age gate). */
    thumbnailUrl: string | null;
    videoUrl: string;
    durationSeconds: number;
    /** The VideoObject, serialised and safe to place inside a <script>. */
    jsonLd: string;
  };
}

export interface VideoPageInput {
  ref: ClipRef;
  origin: string;
  language: Language;
  audience: Audience;
  mediaAllowed: boolean;
  flameOwner: FlameOwner | null;
  /** Only signed-in users give flames from the video page (docs/product.md §7.4). */
  canFlame: boolean;
}

/** Everything the video page shows, or null when no published clip matches. */
export async function loadClipPage(db: Database, input: VideoPageInput): Promise<ClipPageData | null> {
  const row = await findClip(db, input.ref);
  if (!row) return null;
  const media = { mediaAllowed: input.mediaAllowed };
  const clip = toClipCard(row, media);
  const relatedRows = await relatedClips(db, { clipId: clip.id, categorySlug: clip.category.slug, audience: input.audience });
  const related = relatedRows.map((r) => toClipCard(r, media));
  const [tags, flamed, t] = await Promise.all([
    tagsForClips(db, [clip.id, ...related.map((r) => r.id)], input.language),
    flamedClipIds(db, input.flameOwner, [clip.id]),
    serverT(input.language, "clip"),
  ]);

  const path = `/video/${clip.slug}`;
  const canonicalUrl = `${input.origin}${path}`;
  const clipTagList = tags.get(clip.id) ?? [];
  const written = localText(input.language, clip.description, clip.descriptionEs);
  const description = summary(written ?? t("meta.fallbackDescription", { title: clip.title, creator: clip.creatorName }));
  // Metadata names the public media whether or not this visitor passed the gate.
  const videoUrl = absolute(input.origin, mediaUrl(row.videoKey, true)!);
  const thumbnailUrl = row.thumbnailKey ? absolute(input.origin, mediaUrl(row.thumbnailKey, true)!) : null;

  return {
    clip,
    tags: clipTagList,
    related: related.map((r) => ({ clip: r, tags: tags.get(r.id) ?? [] })),
    flame: { flamed: flamed.has(clip.id), flames: clip.flames, canFlame: input.canFlame },
    canonicalUrl,
    seo: {
      title: t("meta.title", { title: clip.title, site: t("brand.name") }),
      description,
      path,
      thumbnailUrl,
      videoUrl,
      durationSeconds: Math.max(1, Math.round(clip.durationSeconds)),
      jsonLd: videoJsonLd({
        clip,
        description,
        canonicalUrl,
        videoUrl,
        thumbnailUrl,
        origin: input.origin,
        tags: clipTagList,
        captions: captionTracks(row.videoKey, row.captions).map((c) => ({ ...c, url: absolute(input.origin, c.url) })),
      }),
    },
  };
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : flat;
}

/** schema.org VideoObject, with `<` escaped so the JSON cannot close its <script>. */
export function videoJsonLd(input: {
  clip: ClipCard;
  description: string;
  canonicalUrl: string;
  videoUrl: string;
  thumbnailUrl: string | null;
  origin: string;
  tags: TagChip[];
  /** Absolute URLs of the clip's caption files. */
  captions?: CaptionTrack[];
}): string {
  const { clip } = input;
  const data = {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: clip.title,
    description: input.description,
    ...(input.thumbnailUrl ? { thumbnailUrl: [input.thumbnailUrl] } : {}),
    uploadDate: clip.publishedAt,
    duration: isoDuration(clip.durationSeconds),
    contentUrl: input.videoUrl,
    embedUrl: input.canonicalUrl,
    url: input.canonicalUrl,
    isFamilyFriendly: false,
    genre: clip.category.nameEn,
    // Captions as schema.org describes machine-readable subtitles: a MediaObject per file with its format and language.
    // (Google's video sitemap extension has no caption element, so this is where search engines learn of them.)
    ...(input.captions?.length
      ? {
          caption: input.captions.map((c) => ({
            "@type": "MediaObject",
            contentUrl: c.url,
            encodingFormat: "text/vtt",
            inLanguage: c.language,
          })),
        }
      : {}),
    ...(input.tags.length ? { keywords: input.tags.map((tag) => tag.name).join(", ") } : {}),
    author: { "@type": "Person", name: clip.creatorName, url: `${input.origin}/creator/${clip.creatorSlug}` },
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: { "@type": "LikeAction" }, userInteractionCount: clip.flames },
      { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: clip.views },
    ],
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
