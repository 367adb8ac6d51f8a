import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * "Download my data" built by a job (ADR 187): the export's JSON and sessions CSV, kept in the row for 24 hours from
 * when it was ready, then deleted by an hourly sweep; deleting the account deletes them at once (cascade).
 */
export const memberExports = pgTable(
  "member_exports",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The site it was asked on: the companion's copy holds nothing adult. */
    brand: text().notNull(),
    json: text(),
    csv: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("member_exports_brand_check", sql`${t.brand} in ('adult', 'conscious')`),
    index("member_exports_user_idx").on(t.userId, t.createdAt.desc()),
    // The sweep deletes by age.
    index("member_exports_created_idx").on(t.createdAt),
  ],
);
