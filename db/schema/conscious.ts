// Conscious Mode's tools (docs/product.md §11): the emotion list, usage sessions and their time per category.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { categories } from "./catalog";

/** Emotion types (docs/product.md §11.4, §14.3): the emotion picker's list, read in id order. */
export const emotionTypes = pgTable("emotion_types", {
  id: serial().primaryKey(),
  nameEn: text().notNull(),
  nameEs: text().notNull(),
});

/** Usage sessions (docs/product.md §11.3, ADR 061): one usage-timer session of a signed-in user, with the emotion chosen. */
export const usageSessions = pgTable(
  "usage_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seconds: integer().notNull(),
    emotionId: integer().references(() => emotionTypes.id, { onDelete: "set null" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("usage_sessions_user_idx").on(t.userId, t.startedAt.desc().nullsFirst()),
    // The admin dashboard's latest sessions, site-wide.
    index("usage_sessions_recent_idx").on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The seconds of one usage session spent on each browse category's clips
 * (premium's time by category). Rows go with their session, so deleting a
 * user's sessions deletes these too. The primary key leads with session_id:
 * insights reach these rows from the user's sessions in the window.
 */
export const usageSessionCategories = pgTable(
  "usage_session_categories",
  {
    sessionId: uuid()
      .notNull()
      .references(() => usageSessions.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    seconds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.categoryId] }), check("usage_session_categories_seconds_check", sql`${t.seconds} > 0`)],
);
