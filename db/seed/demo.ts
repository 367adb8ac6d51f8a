import { count, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { Database } from "../../app/lib/database";
import type { Logger } from "../../app/lib/logger.server";
import { clipSlug, slugify } from "../../app/lib/slug";
import type { Storage } from "../../app/lib/storage/storage.server";
import { derivedFolder, renditionKey, storyboardImageKey, storyboardIndexKey } from "../../app/lib/storage/derived-keys";
import {
  channelSites,
  clips,
  clipTags,
  creators,
  tags,
  categories,
  type Audience,
  type ClipRendition,
  type ClipStoryboard,
} from "../schema";
import { CATEGORIES, CHANNEL_SITES, CREATORS, demoTitle, seededRandom, TAGS } from "./catalog-data";
import { seedEmotions } from "./emotions";

const MEDIA_DIR = new URL("./media/", import.meta.url);
/** Made from MEDIA_DIR's clips by `npm run media -- demo` (ADR 155). */
const RENDITIONS_DIR = new URL("./renditions/", import.meta.url);

export interface MediaFile {
  file: string;
  durationSeconds: number;
  bytes: number;
  thumbnails: string[];
  /** Every encoding, the source included; empty when db/seed/renditions has none for this clip. */
  renditions: ClipRendition[];
  storyboard: ClipStoryboard | null;
}

type RenditionManifest = Record<string, { renditions: ClipRendition[]; storyboard: ClipStoryboard | null }>;

export function demoMedia(): MediaFile[] {
  const media = JSON.parse(readFileSync(new URL("manifest.json", MEDIA_DIR), "utf8")) as Omit<MediaFile, "renditions" | "storyboard">[];
  const madeFile = new URL("manifest.json", RENDITIONS_DIR);
  // Without it (a checkout that removed it), the clips play their one file.
  const made = existsSync(madeFile) ? (JSON.parse(readFileSync(madeFile, "utf8")) as RenditionManifest) : {};
  return media.map((item) => ({ ...item, renditions: made[item.file]?.renditions ?? [], storyboard: made[item.file]?.storyboard ?? null }));
}

/** Storage keys and committed files of a demo clip's renditions and storyboard. */
function derivedFiles(item: MediaFile): (readonly [string, URL])[] {
  const folder = derivedFolder(videoKeyFor(item.file))!;
  const dir = new URL(`${item.file.replace(/\.mp4$/, "")}/`, RENDITIONS_DIR);
  const files = item.renditions
    .filter((r) => !r.source)
    .map((r) => [renditionKey(folder, r.shortSide), new URL(`${r.shortSide}p.mp4`, dir)] as const);
  if (item.storyboard)
    files.push([storyboardImageKey(folder), new URL("storyboard.jpg", dir)], [storyboardIndexKey(folder), new URL("storyboard.vtt", dir)]);
  return files;
}

export const videoKeyFor = (file: string) => `clips/${file}`;
/** A demo creator's avatar: a synthetic, abstract picture (media/avatars, scripts/generate-demo-avatars.sh). */
export const avatarKeyFor = (slug: string) => `avatars/demo-${slug}.jpg`;
const AVATAR_DIR = new URL("avatars/", MEDIA_DIR);

/** Slugs of the demo creators that have a picture; the others keep the initials avatar. */
export function demoAvatarSlugs(): string[] {
  if (!existsSync(AVATAR_DIR)) return [];
  return readdirSync(AVATAR_DIR)
    .filter((file) => file.endsWith(".jpg"))
    .map((file) => file.slice(0, -".jpg".length))
    .sort();
}
export const thumbKeyFor = (file: string) => `thumbs/${file}`;

/** Copies the committed demo media into the configured storage (skips what is there). */
export async function uploadDemoMedia(storage: Storage, media: MediaFile[]) {
  for (const item of media) {
    const files = [
      [videoKeyFor(item.file), new URL(item.file, MEDIA_DIR)] as const,
      ...item.thumbnails.map((t) => [thumbKeyFor(t), new URL(t, MEDIA_DIR)] as const),
      ...derivedFiles(item),
    ];
    for (const [key, file] of files) {
      if (!(await storage.exists(key))) await storage.put(key, readFileSync(file));
    }
  }
  for (const slug of demoAvatarSlugs()) {
    const key = avatarKeyFor(slug);
    if (!(await storage.exists(key))) await storage.put(key, readFileSync(new URL(`${slug}.jpg`, AVATAR_DIR)));
  }
}

/** Categories, creators, channel sites and tags: upserted by their natural keys. */
export async function seedReferenceData(db: Database) {
  const avatars = new Set(demoAvatarSlugs());
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ ...c, aliases: [...c.aliases], orderPriority: i + 1, searchQuery: c.slug })))
    .onConflictDoNothing();
  await db
    .insert(creators)
    .values(
      CREATORS.map((c) => ({
        slug: slugify(c.name),
        name: c.name,
        avatarKey: avatars.has(slugify(c.name)) ? avatarKeyFor(slugify(c.name)) : null,
        bio: c.bio,
        bioEs: c.bioEs,
        followersCount: c.followers,
        verified: c.verified,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(channelSites)
    .values(CHANNEL_SITES.map((s) => ({ ...s, verified: true, audiences: ["hetero", "gay", "trans"] as Audience[] })))
    .onConflictDoNothing();
  await db
    .insert(tags)
    .values(TAGS.map(([slug, nameEn, nameEs]) => ({ slug, nameEn, nameEs })))
    .onConflictDoNothing();

  const creatorSlugs = CREATORS.map((c) => slugify(c.name));
  const [categoryRows, creatorRowsFound, siteRows, tagRows] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: creators.id, slug: creators.slug }).from(creators).where(inArray(creators.slug, creatorSlugs)),
    db.select({ id: channelSites.id, url: channelSites.url }).from(channelSites),
    db.select({ id: tags.id, slug: tags.slug }).from(tags),
  ]);
  // In the catalogue's order: the first creator is the one with the most clips.
  const creatorRows = creatorRowsFound.sort((a, b) => creatorSlugs.indexOf(a.slug) - creatorSlugs.indexOf(b.slug));
  return { categoryRows, creatorRows, siteRows, tagRows };
}

type References = Awaited<ReturnType<typeof seedReferenceData>>;

/** Audiences by position, so a fresh start has clips in every audience (5 in 8 hetero, 2 gay, 2 trans). */
const AUDIENCE_PATTERN: readonly Audience[][] = [
  ["hetero"],
  ["hetero"],
  ["gay"],
  ["hetero"],
  ["trans"],
  ["hetero"],
  ["hetero", "trans"],
  ["gay"],
];
/**
 * Every third clip belongs to the first creator and carries this tag, always for the default
 * audience: a fresh start then has a creator page and a tag page with more than one page of clips.
 */
export const FEATURED_TAG = "neon";
const featured = (i: number) => i % 3 === 0;

/** Rows for `count` synthetic clips starting at `offset`, reusing the demo media files. */
export function buildDemoClips(refs: References, media: MediaFile[], offset: number, total: number, now = Date.now()) {
  const random = seededRandom(offset + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const categoryTagIds = new Map(refs.tagRows.map((t) => [t.slug, t.id]));
  const generalTags = refs.tagRows.filter((t) => !["hetero", "gay", "trans"].includes(t.slug));

  const clipRows: (typeof clips.$inferInsert)[] = [];
  const tagRows: (typeof clipTags.$inferInsert)[] = [];
  for (let i = offset; i < offset + total; i++) {
    const id = randomUUID();
    const category = refs.categoryRows[i % refs.categoryRows.length]!;
    const item = media[i % media.length]!;
    const title = demoTitle(i);
    const audiences = [...AUDIENCE_PATTERN[i % AUDIENCE_PATTERN.length]!];
    if (featured(i) && !audiences.includes("hetero")) audiences.unshift("hetero");
    if (category.slug === "trans" && !audiences.includes("trans")) audiences.push("trans");
    const names = CATEGORIES.find((c) => c.slug === category.slug) ?? { nameEn: category.slug, nameEs: category.slug };
    // Spread over the last 60 days, with the first few clips inside this week.
    // Every fifth clip has no channel: its 'Full Content' link is '#'.
    const site = i % 5 === 4 || refs.siteRows.length === 0 ? null : pick(refs.siteRows);
    const ageDays = i < 8 ? i * 0.7 : random() * 60;
    clipRows.push({
      id,
      title,
      description: `A short synthetic ${names.nameEn} clip: abstract motion and test patterns.`,
      descriptionEs: `Un clip sintético corto de ${names.nameEs}: movimiento abstracto y patrones de prueba.`,
      slug: clipSlug(title, category.slug, id),
      creatorId: (featured(i) ? refs.creatorRows[0] : refs.creatorRows[1 + (i % (refs.creatorRows.length - 1))])!.id,
      categoryId: category.id,
      channelSiteId: site?.id ?? null,
      sourceUrl: site ? `${site.url}/watch/${id.slice(0, 8)}` : null,
      videoKey: videoKeyFor(item.file),
      thumbnail1Key: item.thumbnails[0] ? thumbKeyFor(item.thumbnails[0]) : null,
      thumbnail2Key: item.thumbnails[1] ? thumbKeyFor(item.thumbnails[1]) : null,
      thumbnail3Key: item.thumbnails[2] ? thumbKeyFor(item.thumbnails[2]) : null,
      startSeconds: 0,
      endSeconds: item.durationSeconds,
      durationSeconds: item.durationSeconds,
      fileSizeBytes: item.bytes,
      renditions: item.renditions,
      storyboard: item.storyboard,
      audiences,
      flames: Math.floor(random() ** 2 * 500),
      publishedAt: new Date(now - ageDays * 86_400_000),
    });

    const chosen = new Set<string>();
    const mainTag = categoryTagIds.get(category.slug);
    if (mainTag) chosen.add(mainTag);
    for (const audience of audiences) chosen.add(categoryTagIds.get(audience)!);
    const featuredTag = categoryTagIds.get(FEATURED_TAG);
    if (featured(i) && featuredTag) chosen.add(featuredTag);
    while (chosen.size < 3 + Math.floor(random() * 4)) chosen.add(pick(generalTags).id);
    [...chosen].forEach((tagId, position) =>
      tagRows.push({
        clipId: id,
        tagId,
        position,
        generationModel: "demo-seed",
        confidenceScore: Math.round((0.6 + random() * 0.4) * 100) / 100,
      }),
    );
  }
  return { clipRows, tagRows };
}

export async function insertClips(db: Database, rows: ReturnType<typeof buildDemoClips>) {
  await db.transaction(async (tx) => {
    await tx.insert(clips).values(rows.clipRows);
    await tx.insert(clipTags).values(rows.tagRows);
  });
}

/**
 * Seeds the demo catalogue when the database has no clips yet. Idempotent: the
 * reference data is upserted and clips are only added to an empty catalogue.
 * Returns what it did, or null when there was nothing to do.
 */
export async function seedDemoContent({ db, storage, log }: { db: Database; storage: Storage; log?: Logger }) {
  const media = demoMedia();
  await uploadDemoMedia(storage, media);
  await seedEmotions(db);
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(clips);
  if (existing > 0) return null;

  log?.info("seeding the demo catalogue");
  const refs = await seedReferenceData(db);
  const rows = buildDemoClips(refs, media, 0, media.length);
  await insertClips(db, rows);
  return {
    clips: rows.clipRows.length,
    categories: refs.categoryRows.length,
    creators: refs.creatorRows.length,
    tags: refs.tagRows.length,
  };
}

/** `npm run seed -- --clips N`: adds N synthetic clips for performance work. */
export async function seedLargeCatalogue(db: Database, storage: Storage, total: number, log?: Logger) {
  const media = demoMedia();
  await uploadDemoMedia(storage, media);
  const refs = await seedReferenceData(db);
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(clips);
  const batch = 1000;
  for (let done = 0; done < total; done += batch) {
    await insertClips(db, buildDemoClips(refs, media, existing + done, Math.min(batch, total - done)));
    if ((done / batch) % 10 === 0) log?.info({ inserted: done + Math.min(batch, total - done), total }, "seeding clips");
  }
  return { added: total, total: existing + total };
}
