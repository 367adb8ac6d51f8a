// Conscious Mode's tools (docs/product.md §11): the emotion list, usage sessions and their time per category.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /** Distinct clips shown in the session (the intention's count; seconds / clips is the swipe pace). */
    clips: integer().notNull().default(0),
    /** The mood chosen when the session began (emotion_id is the one at its end). */
    moodBeforeId: integer().references(() => emotionTypes.id, { onDelete: "set null" }),
    /** The intention set before the session: clips, minutes or browse (just browsing); null when none was asked. */
    intentionKind: text(),
    intentionTarget: integer(),
    /** Times "5 more" was chosen on the stop card. */
    extensions: integer().notNull().default(0),
    /** How it ended: done (the stop card's "I'm done"), idle, or ended (by hand); null while it runs. */
    endedBy: text(),
    /**
     * The hour (0–23) the session began at on the member's own clock, from the time zone the browser reported when it
     * was saved: "time of day" in insights must not move when the member later reads them from another zone.
     */
    localHour: smallint(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("usage_sessions_intention_check", sql`${t.intentionKind} in ('clips', 'minutes', 'browse')`),
    check("usage_sessions_ended_by_check", sql`${t.endedBy} in ('done', 'idle', 'ended')`),
    check("usage_sessions_local_hour_check", sql`${t.localHour} between 0 and 23`),
    index("usage_sessions_user_idx").on(t.userId, t.startedAt.desc().nullsFirst()),
    // The admin dashboard's latest sessions, site-wide.
    index("usage_sessions_recent_idx").on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * One usage session's time on each browse category: the seconds its clips were on screen (the browser's count,
 * premium's time by category) and what the watch signals say was watched — milliseconds played and distinct clips
 * (linked to the session by the member's watch events during it, ADR 180). Rows go with their session, so deleting
 * a user's sessions deletes these too. The primary key leads with session_id: insights reach these rows from the
 * user's sessions in the window.
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
    /** Milliseconds of this category's clips played during the session, from the watch signals. */
    watchedMs: integer().notNull().default(0),
    /** Distinct clips of this category watched during the session, from the watch signals. */
    watchedClips: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.categoryId] }),
    // A row says something: time on screen, or a watch the signals saw.
    check("usage_session_categories_seconds_check", sql`${t.seconds} >= 0 and (${t.seconds} > 0 or ${t.watchedClips} > 0)`),
  ],
);

/**
 * The breathing pause before the feed: whether the member closed it (left) or continued. The
 * dismissal is where the effect of a pause comes from, so insights count it.
 */
export const consciousPauses = pgTable(
  "conscious_pauses",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    outcome: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conscious_pauses_outcome_check", sql`${t.outcome} in ('closed', 'continued')`),
    index("conscious_pauses_user_idx").on(t.userId, t.at.desc()),
    // The retention sweep deletes by age.
    index("conscious_pauses_at_idx").on(t.at),
  ],
);

/**
 * Members who asked for the weekly report by e-mail (off unless they opt in): the language and time zone it is
 * written in, and when the next one is due. A row is the opt-in; unsubscribing deletes it. ADR 186.
 */
export const weeklyMailSubscriptions = pgTable(
  "weekly_mail_subscriptions",
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    language: text().notNull(),
    timeZone: text().notNull(),
    nextAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("weekly_mail_subscriptions_language_check", sql`${t.language} in ('en', 'es')`),
    // The hourly sweep takes the members whose e-mail is due, oldest first.
    index("weekly_mail_subscriptions_next_idx").on(t.nextAt),
  ],
);
