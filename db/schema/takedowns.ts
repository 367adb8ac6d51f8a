import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { clips } from "./catalog";

// Takedowns that stay down (docs/decisions/051-takedown-fingerprints.md). A clip's frames are
// hashed into 64-bit perceptual hashes; each hash is also split into four 16-bit bands, each
// behind a B-tree index, so "frames within a few bits of this one" is a handful of index lookups
// (multi-index hashing) rather than a scan, however large the catalogue or the block list.

/** One frame's hash, and its four 16-bit bands (band0 holds the lowest bits). */
const frameHash = () => ({
  frame: smallint().notNull(),
  /** The 64 bits as a signed bigint (PostgreSQL has no unsigned type). */
  hash: bigint({ mode: "bigint" }).notNull(),
  band0: integer().notNull(),
  band1: integer().notNull(),
  band2: integer().notNull(),
  band3: integer().notNull(),
});

/** One B-tree index per band: "frames whose band k is one of these values" is an index lookup. */
const bandIndexes = (table: string, t: { band0: AnyPgColumn; band1: AnyPgColumn; band2: AnyPgColumn; band3: AnyPgColumn }) =>
  ([t.band0, t.band1, t.band2, t.band3] as const).map((column, k) => index(`${table}_band${k}_idx`).on(column));

/** The catalogue's frames, so a newly blocked clip can be looked for among the published ones. */
export const clipFingerprints = pgTable(
  "clip_fingerprints",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    ...frameHash(),
  },
  (t) => [primaryKey({ columns: [t.clipId, t.frame] }), ...bandIndexes("clip_fingerprints", t)],
);

/** Clips whose frames were hashed (a clip of blank frames has none, and is still done). */
export const fingerprintedClips = pgTable("fingerprinted_clips", {
  clipId: uuid()
    .primaryKey()
    .references(() => clips.id, { onDelete: "cascade" }),
  frames: integer().notNull(),
  fingerprintedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const BLOCK_REASONS = ["removal_claim", "report", "copy"] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** The block list: a clip taken down after a removal claim or a report; new clips that match it are refused. */
export const takedownBlocks = pgTable(
  "takedown_blocks",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The clip taken down (kept hidden, so it stays here); null if it is later deleted. */
    clipId: uuid().references(() => clips.id, { onDelete: "set null" }),
    clipTitle: text().notNull(),
    reason: text().$type<BlockReason>().notNull(),
    /** The moderation item it came from: `reports` / `claims-removal` and its id. */
    itemQueue: text(),
    itemId: uuid(),
    /** 'pending' until its frames are hashed (a job), then 'active'; 'lifted' when the clip is shown again. */
    state: text().$type<"pending" | "active" | "lifted">().notNull().default("pending"),
    frames: integer().notNull().default(0),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("takedown_blocks_reason_check", sql`${t.reason} in ('removal_claim', 'report', 'copy')`),
    check("takedown_blocks_state_check", sql`${t.state} in ('pending', 'active', 'lifted')`),
    index("takedown_blocks_clip_idx").on(t.clipId),
    index("takedown_blocks_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/** A blocked clip's frames, sampled twice as densely as the catalogue's so a trimmed copy still lines up. */
export const takedownBlockFrames = pgTable(
  "takedown_block_frames",
  {
    blockId: uuid()
      .notNull()
      .references(() => takedownBlocks.id, { onDelete: "cascade" }),
    ...frameHash(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.frame] }), ...bandIndexes("takedown_block_frames", t)],
);

export const MATCH_STATES = ["open", "hidden", "dismissed"] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** A published clip that looks like a blocked one, found by a catalogue scan: a moderator hides it or dismisses it. */
export const takedownMatches = pgTable(
  "takedown_matches",
  {
    id: uuid().primaryKey().defaultRandom(),
    blockId: uuid()
      .notNull()
      .references(() => takedownBlocks.id, { onDelete: "cascade" }),
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** Median Hamming distance (of 64 bits) between the clip's frames and the blocked clip's nearest frames. */
    distance: real().notNull(),
    /** Share of the clip's frames within the threshold, 0–1. */
    coverage: real().notNull(),
    state: text().$type<MatchState>().notNull().default("open"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: text(),
  },
  (t) => [
    check("takedown_matches_state_check", sql`${t.state} in ('open', 'hidden', 'dismissed')`),
    uniqueIndex("takedown_matches_block_clip_key").on(t.blockId, t.clipId),
    index("takedown_matches_state_created_idx").on(t.state, t.createdAt.desc().nullsFirst()),
  ],
);
