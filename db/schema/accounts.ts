import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The product's side of an account (docs/product.md §14.3), one row per user, created on first sign-in. */
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
