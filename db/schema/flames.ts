import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips } from "./catalog";
import { audienceList } from "./columns";

/**
 * A flame is one row per (clip, flame owner): a signed-in user, or an
 * anonymous id from the `spicy_uid` cookie (ADR 018). The clip's
 * `flames` column changes in the same transaction.
 *
 * A signed-in user's row also carries copies of what the Liked videos page filters and sorts on
 * (ADR 047), kept by triggers (db/migrations/*_scale_leftovers.sql): whether the clip is listed,
 * its audiences and category, and a band [clipFlamesLo, clipFlamesHi] that always holds the clip's
 * flame count. Anonymous rows keep the defaults: no page lists them.
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
    /** The clip is published (signed-in rows only). */
    listed: boolean().notNull().default(false),
    audiences: audienceList("none"),
    categoryId: uuid(),
    /** clipFlamesLo ≤ the clip's flames ≤ clipFlamesHi (signed-in rows only; ADR 047). */
    clipFlamesLo: integer().notNull().default(0),
    clipFlamesHi: integer().notNull().default(0),
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
    // Out-of-band rows of a clip, found when its flames move (ADR 047). The Liked videos listings,
    // user_flames_user_recent_idx and user_flames_user_popular_idx, are INCLUDE indexes created in
    // the custom migration *_scale_leftovers.sql.
    index("user_flames_clip_band_hi_idx")
      .on(t.clipId, t.clipFlamesHi)
      .where(sql`${t.userId} is not null`),
    index("user_flames_clip_band_lo_idx")
      .on(t.clipId, t.clipFlamesLo)
      .where(sql`${t.userId} is not null`),
    // The admin dashboard's latest flames, site-wide.
    index("user_flames_recent_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
