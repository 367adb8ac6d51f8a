import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Our fixed-window request counters (sign-in links, forms): one row per
 * hashed `purpose:value` key. A single unique index (the primary key) lets
 * `insert … on conflict` count a burst of first requests without a race
 * (Better Auth's rate_limit table has two unique indexes, on which concurrent
 * upserts can deadlock).
 */
export const requestLimits = pgTable("request_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  /** Milliseconds since the epoch when the current window opened. */
  windowStartedAt: bigint({ mode: "number" }).notNull(),
});
