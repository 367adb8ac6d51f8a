import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text } from "drizzle-orm/pg-core";

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

/**
 * The space uploads take, in one row (id 1), so a reservation is one conditional update on it (ADR 114):
 * `kept_bytes` — files waiting in quarantine, kept by a trigger on `content_submissions` — and
 * `streaming_bytes` — bytes reserved by uploads still streaming, returned when they end.
 */
export const uploadSpace = pgTable(
  "upload_space",
  {
    id: integer().primaryKey(),
    keptBytes: bigint({ mode: "number" }).notNull().default(0),
    streamingBytes: bigint({ mode: "number" }).notNull().default(0),
    /** Milliseconds since the epoch of the last reservation; untouched for long, no upload can still be streaming. */
    streamingTouchedAt: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("upload_space_one_row", sql`${t.id} = 1`)],
);
