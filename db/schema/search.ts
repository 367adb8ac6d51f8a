import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clips } from "./catalog";
import { audienceList } from "./columns";

// Title search through words (ADR 039): each clip's title words, with copies of what a title
// search filters and sorts on, kept by triggers on clips (db/migrations/*_scale_leftovers.sql).
// The listing index title_words_listing_idx (word, published_at desc, clip_id) include
// (audiences, title) where listed is created in that custom migration: drizzle cannot declare
// INCLUDE. Words are lower(title) split on non-alphanumerics; words of digits only are left out.

/** One row per (clip, distinct word of its title). */
export const titleWords = pgTable(
  "title_words",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    word: text().notNull(),
    /** The clip is published (only listed rows are in the listing index). */
    listed: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    audiences: audienceList("none"),
    /** lower(title): the search term is checked against it without reading the clip. */
    title: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clipId, t.word] })],
);

/** How many clips have each word in their title: which word of a term is rarest, and which words a term's piece matches. */
export const titleWordCounts = pgTable(
  "title_word_counts",
  {
    word: text().primaryKey(),
    clips: integer().notNull().default(0),
  },
  (t) => [index("title_word_counts_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
