import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips, creators, tags } from "./catalog";

// Watch signals (docs/product.md § Watch signals, ADR 130). A visitor is a signed-in user or an anonymous id from
// the `spicy_uid` cookie, never both (the same rule as user_flames). Raw rows live 90 days (SIGNAL_RETENTION_DAYS);
// what outlives them is aggregate: clip_stats (no visitor) and visitor_affinities (one decaying weight per facet).

export const SIGNAL_KINDS = ["watch", "flame", "share", "open"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** One thing a visitor did with a clip: a watch (how long, to the end, loops, a skip), a flame, a share, an open. */
export const watchEvents = pgTable(
  "watch_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    anonymousId: uuid(),
    kind: text().$type<SignalKind>().notNull(),
    /** Milliseconds the clip played on screen (watch only). */
    watchedMs: integer().notNull().default(0),
    /** Times the clip started again after reaching its end (clips loop). */
    loops: smallint().notNull().default(0),
    /** Reached its end at least once. */
    completed: boolean().notNull().default(false),
    /** Left within 2 seconds. */
    skipped: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("watch_events_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    check("watch_events_kind_check", sql`${t.kind} in ('watch', 'flame', 'share', 'open')`),
    // Both owner indexes INCLUDE (clip_id), made by *_feed_scale_indexes.sql (drizzle cannot declare it): the
    // ranking reads a visitor's latest events' clips from the index alone.
    index("watch_events_user_idx")
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.userId} is not null`),
    index("watch_events_anonymous_idx")
      .on(t.anonymousId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.anonymousId} is not null`),
    // No index leads with clip_id: no page reads a clip's events, and each index is one more entry per event
    // written (ADR 229). A deleted clip's rows still go by its foreign key, with a scan, as its clip_views rows do.
    // Rows are appended in time order: a block range index finds the expired ones for the retention job.
    index("watch_events_created_brin").using("brin", t.createdAt),
  ],
);

/**
 * One row per visitor, clip and day on which the visitor's watching counted as a view (docs/product.md § Views):
 * the unique index makes the count once per day, and the rows are the visitor's watch history.
 */
export const clipViews = pgTable(
  "clip_views",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    anonymousId: uuid(),
    /** The UTC day of the view. */
    day: date({ mode: "string" }).notNull(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("clip_views_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    uniqueIndex("clip_views_user_key")
      .on(t.userId, t.clipId, t.day)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("clip_views_anonymous_key")
      .on(t.anonymousId, t.clipId, t.day)
      .where(sql`${t.anonymousId} is not null`),
    index("clip_views_user_recent_idx")
      .on(t.userId, t.viewedAt.desc().nullsFirst(), t.clipId)
      .where(sql`${t.userId} is not null`),
    index("clip_views_anonymous_recent_idx")
      .on(t.anonymousId, t.viewedAt.desc().nullsFirst(), t.clipId)
      .where(sql`${t.anonymousId} is not null`),
    index("clip_views_viewed_brin").using("brin", t.viewedAt),
  ],
);

/**
 * The daily view marks of visitors who keep no profile (GPC/DNT, paused history; docs/product.md § Views): one row per
 * visitor, clip and UTC day that counted as a view, named only by a keyed hash of the three (never the visitor's id
 * or a plain hash of it), so the count stays once a day without a record of who watched what. The primary key
 * decides across app servers; the retention job deletes the rows of past days.
 */
export const viewDayKeys = pgTable(
  "view_day_keys",
  {
    /** The UTC day the key is for. */
    day: date({ mode: "string" }).notNull(),
    /** keyedHash of the day and clip under the visitor's view key (app/features/signals/signal-writer.server.ts). */
    key: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] })],
);

/**
 * A clip's watch counters, changed in the same transaction as the events that move them (never count(*)), and its
 * quality — the hot score without its age decay (docs/decisions/160-feed-ranking.md) — kept in a column with indexes, so the
 * feed reads the best clips of the whole catalogue, of a category or of a creator in order. A table of its own: an
 * update of `clips` would invalidate every cached page. Category, creator and publication are copied from the clip
 * when its first signal arrives (they do not change after publication).
 */
export const clipStats = pgTable(
  "clip_stats",
  {
    // The primary key also includes (quality): the ranking reads a candidate's quality by its id from the index
    // alone (*_feed_taste_pool_indexes.sql; drizzle cannot declare INCLUDE).
    clipId: uuid()
      .primaryKey()
      .references(() => clips.id, { onDelete: "cascade" }),
    categoryId: uuid().notNull(),
    creatorId: uuid().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    views: bigint({ mode: "number" }).notNull().default(0),
    /** Watches reported (the clip was on screen). */
    watches: bigint({ mode: "number" }).notNull().default(0),
    completions: bigint({ mode: "number" }).notNull().default(0),
    skips: bigint({ mode: "number" }).notNull().default(0),
    loops: bigint({ mode: "number" }).notNull().default(0),
    shares: bigint({ mode: "number" }).notNull().default(0),
    quality: doublePrecision().notNull().default(0),
    /**
     * The trending order: quality + published epoch / HOT_SECONDS_PER_POINT (docs/decisions/160-feed-ranking.md).
     * Ordering by it equals ordering by quality minus age in points at every moment, so it never needs refreshing
     * as time passes; the signal commit keeps it with the quality.
     */
    hot: doublePrecision().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clip_stats_quality_idx").on(t.quality.desc().nullsFirst(), t.clipId),
    index("clip_stats_category_quality_idx").on(t.categoryId, t.quality.desc().nullsFirst(), t.clipId),
    index("clip_stats_hot_idx").on(t.hot.desc().nullsFirst(), t.clipId),
    index("clip_stats_category_hot_idx").on(t.categoryId, t.hot.desc().nullsFirst(), t.clipId),
    index("clip_stats_creator_hot_idx").on(t.creatorId, t.hot.desc().nullsFirst(), t.clipId),
    // A creator's trending clips within the feed's category filter, however few of them are in it.
    index("clip_stats_creator_category_hot_idx").on(t.creatorId, t.categoryId, t.hot.desc().nullsFirst(), t.clipId),
  ],
);

export const AFFINITY_FACETS = ["category", "tag", "creator"] as const;
export type AffinityFacet = (typeof AFFINITY_FACETS)[number];

/**
 * What the feed learned about a visitor: one weight per category, tag or creator, decaying with a half-life from
 * `updatedAt` (docs/decisions/160-feed-ranking.md). Shown to the visitor, who can forget any row or all of them.
 */
export const visitorAffinities = pgTable(
  "visitor_affinities",
  {
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    anonymousId: uuid(),
    facet: text().$type<AffinityFacet>().notNull(),
    itemId: uuid().notNull(),
    weight: real().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("visitor_affinities_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    check("visitor_affinities_facet_check", sql`${t.facet} in ('category', 'tag', 'creator')`),
    uniqueIndex("visitor_affinities_user_key")
      .on(t.userId, t.facet, t.itemId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("visitor_affinities_anonymous_key")
      .on(t.anonymousId, t.facet, t.itemId)
      .where(sql`${t.anonymousId} is not null`),
    // No index on updated_at: a weight moves on most signal commits, and with no indexed column changed the
    // update stays on its page (a HOT update, fillfactor 80 by migration 0044) without new index entries. The
    // retention job, every 6 hours, scans the table instead (ADR 229).
  ],
);

/** A clip the visitor marked "Not interested": it leaves their feed (kept with the other signals, 90 days). */
export const dismissedClips = pgTable(
  "dismissed_clips",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    anonymousId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("dismissed_clips_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    uniqueIndex("dismissed_clips_user_key")
      .on(t.userId, t.clipId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("dismissed_clips_anonymous_key")
      .on(t.anonymousId, t.clipId)
      .where(sql`${t.anonymousId} is not null`),
    index("dismissed_clips_created_idx").on(t.createdAt),
  ],
);

/** A visitor's feed choices: the order (For you / Newest / Shuffle) and whether history is paused. */
export const visitorFeedSettings = pgTable(
  "visitor_feed_settings",
  {
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    anonymousId: uuid(),
    feedOrder: text().notNull().default("for-you"),
    historyPaused: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("visitor_feed_settings_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    check("visitor_feed_settings_order_check", sql`${t.feedOrder} in ('for-you', 'newest', 'shuffle')`),
    uniqueIndex("visitor_feed_settings_user_key")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("visitor_feed_settings_anonymous_key")
      .on(t.anonymousId)
      .where(sql`${t.anonymousId} is not null`),
  ],
);

/**
 * Where every visitor's version is drawn from: a value is never drawn twice, so a version row deleted and made again
 * (retention, deletion, the merge on sign-in) never comes back with a number a kept ranking was made under (ADR 221).
 */
export const visitorSignalVersionsSeq = pgSequence("visitor_signal_versions_seq");

/**
 * A number per visitor that moves whenever what the feed knows of them moves — their weights, dismissals or events
 * (statement triggers of migrations 0041 and 0042, docs/database.md) — so a server can keep the visitor's next ranked
 * pages in memory and know, with one small read, whether they still hold (ADR 199). Each value is new from
 * visitor_signal_versions_seq. The row goes with the last of the visitor's signals (retention, deletion): a visitor
 * without one has no kept ranking (ADR 221). No foreign key: the triggers may fire while an account is being deleted;
 * deleteSignals removes the row.
 */
export const visitorSignalVersions = pgTable(
  "visitor_signal_versions",
  {
    userId: text(),
    anonymousId: uuid(),
    version: bigint({ mode: "number" })
      .notNull()
      .default(sql`nextval('visitor_signal_versions_seq')`),
  },
  (t) => [
    check("visitor_signal_versions_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    uniqueIndex("visitor_signal_versions_user_key")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("visitor_signal_versions_anonymous_key")
      .on(t.anonymousId)
      .where(sql`${t.anonymousId} is not null`),
  ],
);

/** Views of a creator's clips, moved with clip_stats.views (the creator tiles). */
export const creatorStats = pgTable("creator_stats", {
  creatorId: uuid()
    .primaryKey()
    .references(() => creators.id, { onDelete: "cascade" }),
  views: bigint({ mode: "number" }).notNull().default(0),
});

/** Views of the clips carrying a tag, moved with clip_stats.views (the tag tiles). */
export const tagStats = pgTable("tag_stats", {
  tagId: uuid()
    .primaryKey()
    .references(() => tags.id, { onDelete: "cascade" }),
  views: bigint({ mode: "number" }).notNull().default(0),
});
