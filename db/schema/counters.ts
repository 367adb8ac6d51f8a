import { bigint, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { categories, creators, tags } from "./catalog";

// Counters of published clips and their flames (ADR 036), kept by triggers in the same
// transaction as the clip, clip_tags and user_flames writes (db/migrations/*_scale_counters.sql).
// The statistics tiles, the feed's tag filter, the sitemap and search's creator/tag lists read
// these few rows instead of counting the catalogue.

/** Published clips per creator, category and audience; audience '*' counts every published clip once. */
export const catalogueCounts = pgTable(
  "catalogue_counts",
  {
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    audience: text().notNull(),
    clips: integer().notNull().default(0),
    flames: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.audience, t.categoryId] })],
);

/** Published clips carrying a tag, per audience, category and creator (distinct creators and tags come from here too). */
export const tagCounts = pgTable(
  "tag_counts",
  {
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    audience: text().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    clips: integer().notNull().default(0),
    flames: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.audience, t.categoryId, t.creatorId] })],
);

/**
 * A signed-in user's flames on published clips, per audience and category (audience '*' counts each
 * flame once): the Liked videos page's totals (ADR 047). Kept by the triggers of user_flames, which
 * follow the listing copies on the user's rows, so a flame, an unflame, a hidden clip or a deleted
 * clip moves them in the same transaction; the rows go with the user.
 */
export const userFlameCounts = pgTable(
  "user_flame_counts",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    audience: text().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    flames: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.audience, t.categoryId] })],
);
