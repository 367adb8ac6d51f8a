import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { videoCategories } from "./catalog";

/** The product's side of an account (SPEC 3 profiles), one row per user, created on first sign-in. */
export const profiles = pgTable(
  "profiles",
  {
    id: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text(),
    isPublic: boolean().notNull().default(true),
    avatarUrl: text(),
    isPremium: boolean().notNull().default(false),
    planType: text(),
    premiumSource: text(),
    premiumStartsAt: timestamp({ withTimezone: true }),
    premiumExpiresAt: timestamp({ withTimezone: true }),
    /** Daily usage goal in seconds for the habit insights (null: none set). */
    dailyGoalSeconds: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("profiles_username_key").on(sql`lower(${t.username})`)],
);

/** SPEC 3 emotion_types: the emotion picker's list, read in id order. */
export const emotionTypes = pgTable("emotion_types", {
  id: serial().primaryKey(),
  nameEn: text().notNull(),
  nameEs: text().notNull(),
});

/** SPEC 3 time_gets: one usage-timer session of a signed-in user, with the emotion chosen. */
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
      .references(() => videoCategories.id, { onDelete: "cascade" }),
    seconds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.categoryId] }), check("usage_session_categories_seconds_check", sql`${t.seconds} > 0`)],
);

/** SPEC 3 premium_tokens: each premium activation. */
export const premiumTokens = pgTable(
  "premium_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planType: text().notNull(),
    source: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("premium_tokens_user_idx").on(t.userId)],
);
