import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips } from "./catalog";

/**
 * A flame is one row per (clip, flame owner): a signed-in user, or an
 * anonymous id from the `spicy_uid` cookie (ADR 018). The clip's
 * `flames` column changes in the same transaction.
 */
export const userFlames = pgTable(
  "user_flames",
  {
    id: uuid().primaryKey().defaultRandom(),
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    /** The anonymous id (`spicy_uid`), when not signed in. */
    anonymousId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_flames_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    uniqueIndex("user_flames_clip_user_key")
      .on(t.clipId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("user_flames_clip_anonymous_key")
      .on(t.clipId, t.anonymousId)
      .where(sql`${t.anonymousId} is not null`),
    index("user_flames_user_idx")
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.userId} is not null`),
    index("user_flames_anonymous_idx")
      .on(t.anonymousId)
      .where(sql`${t.anonymousId} is not null`),
    // The admin dashboard's latest flames, site-wide.
    index("user_flames_recent_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
