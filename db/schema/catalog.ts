import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { AUDIENCES, type Audience } from "./values";
import { audienceList } from "./columns";

export { AUDIENCES, type Audience };

/** Clip lifecycle: only `published` clips are ever shown to visitors. */
export const CLIP_STATUSES = ["published", "hidden", "processing"] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

/**
 * One encoding of a clip's video (ADR 155). Rungs below the source live at `clips/<name>/<shortSide>p.mp4`
 * beside the video `clips/<name>.mp4`; the rung marked `source` is that video itself.
 */
export interface ClipRendition {
  width: number;
  height: number;
  /** min(width, height): the rung's name (240p, 360p, 720p). */
  shortSide: number;
  /** Average bitrate of the whole file, audio included, in kbit/s. */
  kbps: number;
  bytes: number;
  source?: true;
}

/** The languages a clip's captions may be in: the site's own. */
export const CAPTION_LANGUAGES = ["en", "es"] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];
/** One attached caption file (`clips/<name>/captions/<language>.vtt`); `version` changes whenever it is replaced. */
export interface ClipCaption {
  language: CaptionLanguage;
  version: number;
}

/** Where each frame of a clip's storyboard sprite sits (`clips/<name>/storyboard.jpg`, index `storyboard.vtt`). */
export interface ClipStoryboard {
  /** Seconds between frames. */
  interval: number;
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * Browse categories (ADR 016): swing, hotwife, bdsm, feet, woman, trans. */
export const categories = pgTable(
  "categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    nameEn: text().notNull(),
    nameEs: text().notNull(),
    color: text().notNull(),
    /** Older query-layer values accepted in URLs, e.g. `dominatrix-bdsm`. */
    aliases: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchQuery: text(),
    mainTagEn: text(),
    mainTagEs: text(),
    active: boolean().notNull().default(true),
    orderPriority: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug), index("categories_order_idx").on(t.active, t.orderPriority, t.slug)],
);

export const creators = pgTable(
  "creators",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    bio: text(),
    /** The bio in Spanish; pages fall back to `bio` when it is missing. */
    bioEs: text(),
    /** Storage key of the avatar; null means the initials avatar is drawn. */
    avatarKey: text(),
    twitterProfileUrl: text(),
    websiteUrl: text(),
    followersCount: integer().notNull().default(0),
    verified: boolean().notNull().default(false),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("creators_slug_key").on(t.slug),
    index("creators_followers_idx").on(t.followersCount),
    index("creators_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Where the full content lives ('Full Content' opens `url`). */
export const channelSites = pgTable(
  "channel_sites",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    url: text().notNull(),
    producerLink: text(),
    verified: boolean().notNull().default(false),
    audiences: audienceList("hetero"),
    ...timestamps,
  },
  (t) => [uniqueIndex("channel_sites_url_key").on(t.url)],
);

type ClipKeyColumns = Record<"videoKey" | "thumbnail1Key" | "thumbnail2Key" | "thumbnail3Key", AnyPgColumn>;

/** Every storage key a clip owns, as one array (the expression of clips_withheld_media_idx). */
export const clipMediaKeys = (t: ClipKeyColumns) => sql`(array[${t.videoKey}, ${t.thumbnail1Key}, ${t.thumbnail2Key}, ${t.thumbnail3Key}])`;

/** One clip model for every page (ADR 014). */
export const clips = pgTable(
  "clips",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text(),
    /** The description in Spanish; pages fall back to `description` when it is missing. */
    descriptionEs: text(),
    /** Friendly slug: title (≤ 50 chars), category, first 8 hex chars of the id (ADR 015). */
    slug: text().notNull(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "restrict" }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    channelSiteId: uuid().references(() => channelSites.id, { onDelete: "set null" }),
    /** Page on the channel site with the full content. */
    sourceUrl: text(),
    /** Storage key of the MP4 served at /media/<key>. */
    videoKey: text().notNull(),
    /** Fallback URL of the same video on the origin storage, tried after /media. */
    storageUrl: text(),
    thumbnail1Key: text(),
    thumbnail2Key: text(),
    thumbnail3Key: text(),
    startSeconds: real(),
    endSeconds: real(),
    durationSeconds: real().notNull(),
    fileSizeBytes: integer(),
    /** Every encoding of the video, smallest first, the source included; empty until the renditions job ran. */
    renditions: jsonb().$type<ClipRendition[]>().notNull().default([]),
    storyboard: jsonb().$type<ClipStoryboard>(),
    /** The WebVTT captions the desk attached, one per language (`clips/<name>/captions/<language>.vtt`). */
    captions: jsonb().$type<ClipCaption[]>().notNull().default([]),
    status: text().$type<ClipStatus>().notNull().default("published"),
    audiences: audienceList("hetero"),
    /** Denormalised flame count, changed in the same transaction as user_flames. */
    flames: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("clips_slug_key").on(t.slug),
    check("clips_flames_not_negative", sql`${t.flames} >= 0`),
    check("clips_status_check", sql`${t.status} in ('published', 'hidden', 'processing')`),
    // Feed, category, creator and popularity listings all read published clips only.
    // `nullsFirst` makes these plain DESC indexes, the order a query's `desc()` asks for
    // (drizzle's bare `.desc()` would write DESC NULLS LAST, which such queries cannot use).
    index("clips_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'published'`),
    // Also includes (audiences), so a category's drawn stretch (the feed's taste pools) tests the audience from the
    // index (*_feed_taste_pool_indexes.sql; drizzle cannot declare INCLUDE).
    index("clips_category_published_idx")
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'published'`),
    // A creator's pages read clips_creator_listing_idx (creator_id, published_at desc, id) include (audiences),
    // created in the custom migration *_scale_counters.sql (ADR 037): drizzle cannot declare INCLUDE. Its 'Popular'
    // sort reads clips_creator_popular_idx (creator_id, flames desc, id) include (audiences), made by *_creator_follows.sql.
    index("clips_flames_idx")
      .on(t.flames.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'published'`),
    index("clips_audiences_idx").using("gin", t.audiences),
    index("clips_short_id_idx").on(sql`(left(${t.id}::text, 8))`),
    // /media refuses the files of clips that are not published (a hidden clip's video and thumbnails
    // answer 404 like its page): every media request looks its key up among the few such clips, and
    // only a key found there is looked up among all clips (a published clip may share the file).
    index("clips_withheld_media_idx")
      .using("gin", clipMediaKeys(t))
      .where(sql`${t.status} <> 'published'`),
    index("clips_media_keys_idx").using("gin", clipMediaKeys(t)),
    // The sitemap reads clips_sitemap_idx (id) include (slug, updated_at) where published, one id range per
    // part (ADR 046), created in the custom migration *_scale_leftovers.sql (INCLUDE again). The feed's exploration
    // walk (a stretch of ids from a random one) and its probes of clips by id read clips_explore_idx (id) include
    // (category_id, creator_id, published_at, audiences) where published, made by *_feed_explore_indexes.sql.
    // Search (ADR 064): substring matches on titles use trigram indexes (and title_words, ADR 039).
    // The renditions backfill walks the clips that still lack them, by id.
    index("clips_without_renditions_idx")
      .on(t.id)
      .where(sql`${t.renditions} = '[]'::jsonb`),
    index("clips_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    nameEn: text().notNull(),
    nameEs: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tags_slug_key").on(t.slug)],
);

/** Tags of a clip, with the model that proposed them and its confidence. */
export const clipTags = pgTable(
  "clip_tags",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    generationModel: text(),
    confidenceScore: real(),
    position: integer().notNull().default(0),
    // Copies of the clip's listing fields, kept by triggers (ADR 036): a tag's pages, its feed
    // pool and its related tags read one range of clip_tags' listing indexes, never the clips table.
    /** The clip is published (only listed rows are in the listing indexes). */
    listed: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }),
    flames: integer().notNull().default(0),
    audiences: audienceList("none"),
    categoryId: uuid(),
  },
  // clip_tags_tag_idx also includes (listed, audiences, category_id, published_at), so the feed's exploration walk
  // of a tag's rows tests its filter from the index (*_feed_explore_indexes.sql; drizzle cannot declare INCLUDE).
  (t) => [primaryKey({ columns: [t.clipId, t.tagId] }), index("clip_tags_tag_idx").on(t.tagId, t.clipId)],
);
