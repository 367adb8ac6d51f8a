import { arrayContains, and, eq, inArray, or } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { channelSites, clips, clipTags, creators, tags, categories, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import type { Logger } from "~/lib/logger.server";
import { clipSlug, slugify } from "~/lib/slug";
import type { Storage } from "~/lib/storage/storage.server";
import { PublishError, UnknownCategoryError } from "./errors";
import { describeIssues, publishInputSchema, type ParsedPublishInput, type PublishClipInput } from "./publish-input";
import { enqueueRenditions } from "./renditions-job.server";
import { transcodeClip, type TranscodedClip } from "./transcode.server";

export type { PublishClipInput } from "./publish-input";

export interface PublishServices {
  db: Database;
  storage: Storage;
  log?: Logger;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A check every new clip passes before it is stored (the takedown block list): `check` reads the
 * transcoded video and throws to refuse it; `record` runs inside the publishing transaction with
 * the new clip's id (its fingerprints join the catalogue with it).
 */
export interface PublishScreen<F> {
  check(videoPath: string): Promise<F>;
  record(tx: Tx, clipId: string, screened: F): Promise<void>;
}

export interface PublishOptions<F = unknown> {
  /** Where FFMPEG_PATH / FFPROBE_PATH / PATH are read; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Upper bound for the encode; default 10 minutes. */
  timeoutMs?: number;
  screen?: PublishScreen<F>;
}

export interface PublishedClip {
  clipId: string;
  slug: string;
  durationSeconds: number;
  fileSizeBytes: number;
}

/** Same scheme as the demo seed: `clips/<name>.mp4`, `thumbs/<name>_thumb.jpg`, `_thumb2`, `_thumb3`. */
export function clipMediaKeys(clipId: string) {
  return {
    video: `clips/${clipId}.mp4`,
    thumbnails: [`thumbs/${clipId}_thumb.jpg`, `thumbs/${clipId}_thumb2.jpg`, `thumbs/${clipId}_thumb3.jpg`] as const,
  };
}

type Category = { id: string; slug: string };

/** A browse category by slug or by one of its older aliases. */
async function findCategory(db: Database | Tx, slug: string): Promise<Category | null> {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.active, true), or(eq(categories.slug, slug), arrayContains(categories.aliases, [slug]))))
    .limit(1);
  return row ?? null;
}

/** Whether publishClip would accept this category slug (or alias). */
export async function categoryExists(db: Database, slug: string): Promise<boolean> {
  return (await findCategory(db, slug.trim().toLowerCase())) !== null;
}

async function creatorFor(tx: Tx, name: string): Promise<string> {
  const slug = slugify(name);
  // Insert-then-select: a concurrent publish of a new creator ends on the same row.
  await tx.insert(creators).values({ slug, name }).onConflictDoNothing();
  const [row] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.slug, slug));
  return row!.id;
}

async function tagIdsFor(tx: Tx, wanted: ParsedPublishInput["tags"]): Promise<string[]> {
  if (wanted.length === 0) return [];
  await tx
    .insert(tags)
    .values(wanted.map((t) => ({ slug: t.slug, nameEn: t.name, nameEs: t.name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        wanted.map((t) => t.slug),
      ),
    );
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  return wanted.map((t) => ids.get(t.slug)!);
}

/**
 * The channel site of a clip's link: a row whose url is the link itself or its
 * origin, else a new unverified site for the origin (so later links from the
 * same site share it).
 */
async function channelSiteFor(tx: Tx, link: string, audiences: Audience[]): Promise<string> {
  const url = new URL(link);
  const candidates = [...new Set([link.replace(/\/+$/, ""), url.origin])];
  const rows = await tx
    .select({ id: channelSites.id, url: channelSites.url })
    .from(channelSites)
    .where(inArray(channelSites.url, candidates));
  const found = candidates.map((c) => rows.find((r) => r.url === c)).find(Boolean);
  if (found) return found.id;
  await tx
    .insert(channelSites)
    .values({ name: url.hostname.replace(/^www\./, ""), url: url.origin, audiences })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: channelSites.id }).from(channelSites).where(eq(channelSites.url, url.origin));
  return row!.id;
}

async function storeMedia(storage: Storage, keys: ReturnType<typeof clipMediaKeys>, media: TranscodedClip): Promise<string[]> {
  const stored: string[] = [];
  try {
    await storage.put(keys.video, createReadStream(media.videoPath), { contentType: "video/mp4" });
    stored.push(keys.video);
    for (const [i, key] of keys.thumbnails.entries()) {
      await storage.put(key, await readFile(media.thumbnailPaths[i]!), { contentType: "image/jpeg" });
      stored.push(key);
    }
    return stored;
  } catch (error) {
    await removeMedia(storage, [keys.video, ...keys.thumbnails]);
    throw error;
  }
}

async function removeMedia(storage: Storage, keys: readonly string[], log?: Logger) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach(
    (r, i) => r.status === "rejected" && log?.error({ err: r.reason, key: keys[i] }, "publish: could not remove a stored object"),
  );
}

/**
 * Publishes a local video as a clip: transcode (cut, H.264 faststart, three
 * thumbnails), store the media, then write creator, tags, channel site, clip
 * and clip tags in one transaction. Throws PublishError (see errors.ts) for
 * expected failures; nothing is left behind when anything fails.
 */
export async function publishClip<F>(
  services: PublishServices,
  rawInput: PublishClipInput,
  options: PublishOptions<F> = {},
): Promise<PublishedClip> {
  const parsed = publishInputSchema.safeParse(rawInput);
  if (!parsed.success) throw new PublishError("invalid-input", describeIssues(parsed.error));
  const input = parsed.data;
  const { db, storage, log } = services;

  // Checked before the slow encode; checked again in the transaction below.
  if (!(await findCategory(db, input.categorySlug))) throw new UnknownCategoryError(input.categorySlug);

  const media = await transcodeClip(input.videoPath, {
    startSeconds: input.startSeconds,
    endSeconds: input.endSeconds,
    env: options.env,
    timeoutMs: options.timeoutMs,
  });
  try {
    const screened = options.screen ? { value: await options.screen.check(media.videoPath) } : null;
    const clipId = randomUUID();
    const keys = clipMediaKeys(clipId);
    const stored = await storeMedia(storage, keys, media);
    try {
      const slug = await db.transaction(async (tx) => {
        const category = await findCategory(tx, input.categorySlug);
        if (!category) throw new UnknownCategoryError(input.categorySlug);
        // Like the demo seed: a clip in the trans category is always in the trans audience.
        const audiences: Audience[] = input.audiences ?? (category.slug === "trans" ? ["trans"] : ["hetero"]);
        const creatorId = await creatorFor(tx, input.creatorName);
        const tagIds = await tagIdsFor(tx, input.tags);
        const channelSiteId = input.channelUrl ? await channelSiteFor(tx, input.channelUrl, audiences) : null;
        const slug = clipSlug(input.title, category.slug, clipId);
        await tx.insert(clips).values({
          id: clipId,
          title: input.title,
          description: input.description ?? null,
          slug,
          creatorId,
          categoryId: category.id,
          channelSiteId,
          sourceUrl: input.channelUrl ?? null,
          videoKey: keys.video,
          thumbnail1Key: keys.thumbnails[0],
          thumbnail2Key: keys.thumbnails[1],
          thumbnail3Key: keys.thumbnails[2],
          startSeconds: media.startSeconds,
          endSeconds: media.endSeconds,
          durationSeconds: media.durationSeconds,
          fileSizeBytes: media.fileSizeBytes,
          status: "published",
          audiences,
        });
        if (tagIds.length > 0) await tx.insert(clipTags).values(tagIds.map((tagId, position) => ({ clipId, tagId, position })));
        if (options.screen && screened) await options.screen.record(tx, clipId, screened.value);
        await enqueueRenditions(tx, clipId);
        return slug;
      });
      log?.info({ clipId, slug, durationSeconds: media.durationSeconds, bytes: media.fileSizeBytes }, "clip published");
      return { clipId, slug, durationSeconds: media.durationSeconds, fileSizeBytes: media.fileSizeBytes };
    } catch (error) {
      await removeMedia(storage, stored, log);
      throw error;
    }
  } finally {
    await media.cleanup();
  }
}
