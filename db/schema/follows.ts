import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { creators } from "./catalog";

/**
 * A follow is one row per (creator, follower): a signed-in user, or an anonymous id from the
 * `spicy_uid` cookie, like a flame (ADR 018). The creator's `followers_count` changes in the same
 * transaction (docs/decisions/150-following-creators.md).
 */
export const creatorFollows = pgTable(
  "creator_follows",
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    /** The anonymous id (`spicy_uid`), when not signed in. */
    anonymousId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("creator_follows_one_owner", sql`num_nonnulls(${t.userId}, ${t.anonymousId}) = 1`),
    uniqueIndex("creator_follows_creator_user_key")
      .on(t.creatorId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("creator_follows_creator_anonymous_key")
      .on(t.creatorId, t.anonymousId)
      .where(sql`${t.anonymousId} is not null`),
    // A follower's list (My account, newest first, keyset on (created_at, id)) and the Following tab's creators.
    index("creator_follows_user_idx")
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.userId} is not null`),
    index("creator_follows_anonymous_idx")
      .on(t.anonymousId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.anonymousId} is not null`),
    // A creator's new followers over the last days (the creator dashboard).
    index("creator_follows_creator_recent_idx").on(t.creatorId, t.createdAt.desc().nullsFirst()),
  ],
);
